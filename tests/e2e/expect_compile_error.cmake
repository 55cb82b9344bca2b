# ctest script: hipcc must reject SOURCE with a non-zero exit status, a message that names the
# source file with a line number ("<file>.hip:<line>") and the construct (regex EXPECT), and no
# output file.
#   cmake -DHIPCC=<hipcc> -DSOURCE=<file.hip> -DOUTPUT=<path> -DEXPECT=<regex> -P expect_compile_error.cmake
get_filename_component(name ${SOURCE} NAME)
get_filename_component(outdir ${OUTPUT} DIRECTORY)
file(MAKE_DIRECTORY ${outdir})
file(REMOVE ${OUTPUT})
execute_process(COMMAND ${HIPCC} ${SOURCE} -o ${OUTPUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
message(STATUS "hipcc exit status: ${rc}\n${all}")
if(rc EQUAL 0)
  message(FATAL_ERROR "hipcc accepted ${name}, which it must reject")
endif()
string(REPLACE "." "\\." name_re ${name})
if(NOT all MATCHES "${name_re}:[0-9]+")
  message(FATAL_ERROR "the error message does not name ${name}:<line>")
endif()
if(NOT all MATCHES "error")
  message(FATAL_ERROR "the message does not say 'error'")
endif()
if(NOT all MATCHES "${EXPECT}")
  message(FATAL_ERROR "the message does not name the construct (expected /${EXPECT}/)")
endif()
if(EXISTS ${OUTPUT})
  message(FATAL_ERROR "hipcc left an output file behind: ${OUTPUT}")
endif()
message(STATUS "rejected as expected")
