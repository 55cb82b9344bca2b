# ctest script: validates every kernel's SPIR-V module the end-to-end builds kept (--save-temps
# writes <stem>.<i>.spv per kernel) with spirv-val --target-env vulkan1.3, and holds each to the
# size budget (docs/PERFORMANCE.md, "Kernel size budget"). Fails when any is invalid or over the
# budget, or when there is none at all.
#   cmake -DSPIRV_VAL=<spirv-val> -DDIR=<dir> -P check_spirv.cmake
file(GLOB_RECURSE modules "${DIR}/*.spv")
list(LENGTH modules count)
if(count EQUAL 0)
  message(FATAL_ERROR "no .spv files under ${DIR}: build the end-to-end tests first (they keep their SPIR-V with --save-temps)")
endif()
set(budget 524288) # bytes of SPIR-V per kernel module, as shipped (512 KiB)
set(bad 0)
foreach(spv IN LISTS modules)
  file(SIZE ${spv} bytes)
  if(bytes GREATER budget)
    math(EXPR bad "${bad} + 1")
    message(SEND_ERROR "OVER BUDGET ${spv}: ${bytes} bytes, the budget is ${budget}")
  endif()
  execute_process(COMMAND ${SPIRV_VAL} --target-env vulkan1.3 ${spv}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    math(EXPR bad "${bad} + 1")
    message(SEND_ERROR "INVALID ${spv}:\n${out}${err}")
  else()
    message(STATUS "valid ${spv}")
  endif()
endforeach()
if(bad GREATER 0)
  message(FATAL_ERROR "${bad} of ${count} SPIR-V modules failed spirv-val --target-env vulkan1.3 or the size budget")
endif()
message(STATUS "all ${count} SPIR-V modules pass spirv-val --target-env vulkan1.3 and are within ${budget} bytes")
