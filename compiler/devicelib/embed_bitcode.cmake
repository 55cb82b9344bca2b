# cmake -DINPUT=<file.bc> -DOUTPUT=<file.cpp> -P embed_bitcode.cmake
# Writes the bytes of INPUT as hipvk::kDeviceLibraryBitcode (compiler/lib/DeviceLibrary.h).
file(READ ${INPUT} bytes HEX)
string(LENGTH "${bytes}" hex_length)
math(EXPR size "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${bytes}")
string(REGEX REPLACE "((0x..,){32})" "\\1\n" bytes "${bytes}")
file(WRITE ${OUTPUT}
  "// Generated from hipvk-devicelib.bc by compiler/devicelib/embed_bitcode.cmake: do not edit.\n"
  "#include <cstddef>\n\n"
  "namespace hipvk {\n"
  "extern const unsigned char kDeviceLibraryBitcode[];\n"
  "extern const size_t kDeviceLibraryBitcodeSize;\n"
  "alignas(4) const unsigned char kDeviceLibraryBitcode[] = {\n${bytes}\n};\n"
  "const size_t kDeviceLibraryBitcodeSize = ${size};\n"
  "} // namespace hipvk\n")
