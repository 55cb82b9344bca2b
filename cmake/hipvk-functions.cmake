# hipvk_add_executable(<target> [WIN32|MACOSX_BUNDLE|EXCLUDE_FROM_ALL]... <sources>...
#                      [HIPCC_OPTIONS <flags>...])
# hipvk_add_library(<target> [STATIC|SHARED|MODULE] [EXCLUDE_FROM_ALL] <sources>...
#                   [HIPCC_OPTIONS <flags>...])
#
# add_executable/add_library for targets with HIP sources, whatever CMAKE_CXX_COMPILER is.
# Sources ending in .hip or .cu (and any source whose HIPVK_HIP source property is true) are
# compiled by hipcc (hip::hipcc) into objects of the target; every other source is compiled by the
# project's own compilers as usual. The target links hip::host (PUBLIC for libraries, PRIVATE for
# executables), so it uses the keyword form of target_link_libraries.
#
# The hipcc compilations get the target's include directories and compile definitions (its own and
# those of the targets it links, so set them with target_include_directories /
# target_compile_definitions as usual), -fPIC for shared/module libraries or with
# POSITION_INDEPENDENT_CODE, an optimisation level from the configuration (Debug: -O0 -g,
# RelWithDebInfo: -O2 -g, Release: -O3, MinSizeRel: -Os; otherwise hipcc's -O3), the target's
# HIPVK_HIPCC_OPTIONS property and HIPCC_OPTIONS. Header dependencies are tracked (depfiles).
# COMPILE_OPTIONS are not forwarded: they are often meant for the host compiler only.
include_guard(GLOBAL)

function(_hipvk_split_sources target out_plain out_hip)
  set(plain)
  set(hip)
  foreach(src IN LISTS ARGN)
    get_source_file_property(is_hip "${src}" HIPVK_HIP)
    if(src MATCHES "\\.(hip|cu)$" OR is_hip)
      list(APPEND hip "${src}")
    else()
      list(APPEND plain "${src}")
    endif()
  endforeach()
  set(${out_plain} ${plain} PARENT_SCOPE)
  set(${out_hip} ${hip} PARENT_SCOPE)
endfunction()

function(_hipvk_compile_hip target pic)
  cmake_parse_arguments(ARG "" "" "SOURCES;HIPCC_OPTIONS" ${ARGN})
  set(objdir "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.hipvk")
  set(inc "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(opts "$<TARGET_PROPERTY:${target},HIPVK_HIPCC_OPTIONS>")
  set(flags
    # $<SEMICOLON>: the genexes are list items here; COMMAND_EXPAND_LISTS splits their values.
    "$<$<BOOL:${inc}>:-I$<JOIN:${inc},$<SEMICOLON>-I>>"
    "$<$<BOOL:${defs}>:-D$<JOIN:${defs},$<SEMICOLON>-D>>"
    "$<$<CONFIG:Debug>:-O0$<SEMICOLON>-g>" "$<$<CONFIG:RelWithDebInfo>:-O2$<SEMICOLON>-g>"
    "$<$<CONFIG:Release>:-O3>" "$<$<CONFIG:MinSizeRel>:-Os>")
  if(pic)
    list(APPEND flags -fPIC)
  else()
    list(APPEND flags "$<$<BOOL:$<TARGET_PROPERTY:${target},POSITION_INDEPENDENT_CODE>>:-fPIC>")
  endif()
  set(objects)
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(abs "${src}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    file(RELATIVE_PATH rel "${CMAKE_CURRENT_SOURCE_DIR}" "${abs}")
    string(REPLACE "../" "__/" rel "${rel}")
    string(REPLACE ":" "_" rel "${rel}")
    set(obj "${objdir}/${rel}.o")
    get_filename_component(dir "${obj}" DIRECTORY)
    file(MAKE_DIRECTORY "${dir}")
    add_custom_command(OUTPUT "${obj}"
      COMMAND hip::hipcc -c "${abs}" -o "${obj}" ${flags} ${opts} ${ARG_HIPCC_OPTIONS}
              -MD -MF "${obj}.d"
      DEPENDS "${abs}"
      DEPFILE "${obj}.d"
      COMMENT "hipcc ${rel}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    set_source_files_properties("${obj}" PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
    list(APPEND objects "${obj}")
  endforeach()
  target_sources(${target} PRIVATE ${objects})
endfunction()

function(hipvk_add_executable target)
  cmake_parse_arguments(ARG "" "" "HIPCC_OPTIONS" ${ARGN})
  set(flags)
  set(sources)
  foreach(a IN LISTS ARG_UNPARSED_ARGUMENTS)
    if(a MATCHES "^(WIN32|MACOSX_BUNDLE|EXCLUDE_FROM_ALL)$")
      list(APPEND flags ${a})
    else()
      list(APPEND sources "${a}")
    endif()
  endforeach()
  _hipvk_split_sources(${target} plain hip ${sources})
  add_executable(${target} ${flags} ${plain})
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX)
  target_link_libraries(${target} PRIVATE hip::host)
  _hipvk_compile_hip(${target} FALSE SOURCES ${hip} HIPCC_OPTIONS ${ARG_HIPCC_OPTIONS})
endfunction()

function(hipvk_add_library target)
  cmake_parse_arguments(ARG "" "" "HIPCC_OPTIONS" ${ARGN})
  set(type)
  set(flags)
  set(sources)
  foreach(a IN LISTS ARG_UNPARSED_ARGUMENTS)
    if(a MATCHES "^(STATIC|SHARED|MODULE)$")
      set(type ${a})
    elseif(a MATCHES "^(OBJECT|INTERFACE|IMPORTED|ALIAS)$")
      message(FATAL_ERROR "hipvk_add_library(${target}): ${a} libraries are not supported")
    elseif(a STREQUAL "EXCLUDE_FROM_ALL")
      list(APPEND flags ${a})
    else()
      list(APPEND sources "${a}")
    endif()
  endforeach()
  if(NOT type)
    if(BUILD_SHARED_LIBS)
      set(type SHARED)
    else()
      set(type STATIC)
    endif()
  endif()
  _hipvk_split_sources(${target} plain hip ${sources})
  add_library(${target} ${type} ${flags} ${plain})
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX)
  target_link_libraries(${target} PUBLIC hip::host)
  set(pic FALSE)
  if(type MATCHES "SHARED|MODULE")
    set(pic TRUE)
  endif()
  _hipvk_compile_hip(${target} ${pic} SOURCES ${hip} HIPCC_OPTIONS ${ARG_HIPCC_OPTIONS})
endfunction()
