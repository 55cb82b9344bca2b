#!/usr/bin/env bash
# Installs every build and test dependency of hipvk from Debian's packages (Debian 12 "bookworm").
# Idempotent: when everything is present it only checks and returns.
# Mesa comes from bookworm-backports: bookworm's Mesa 22.3 lavapipe silently stops every loop
# after 65535 iterations, which corrupts any long-running kernel.
# SwiftShader (Google's CPU Vulkan driver, the second device the tests run on) comes from Debian's
# chromium-common package, unpacked (not installed: it would pull in Chromium's dependencies)
# into $HIPVK_SWIFTSHADER_DIR (default /opt/hipvk/swiftshader):
#   VK_ICD_FILENAMES=/opt/hipvk/swiftshader/vk_swiftshader_icd.json ./app
set -euo pipefail

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

PACKAGES=(
  build-essential cmake ninja-build ccache pkg-config git
  clang-19 llvm-19-dev libclang-19-dev lld-19
  libvulkan-dev libvulkan-volk-dev vulkan-tools vulkan-validationlayers
  glslang-tools spirv-tools spirv-headers doctest-dev
  libomp-19-dev  # programs that compute their host reference with -fopenmp
  rocm-device-libs  # ROCm's OCML math bitcode, linked into the device library
  libmpfr-dev  # the math accuracy harness's correctly rounded references (tests/math)
  libclang-rt-19-dev  # the sanitizer legs' and fuzz targets' runtimes (scripts/sanitizer-legs.sh)
  # ROCm's rocPRIM headers (tests/e2e/rocprim_warp). It brings ROCm's own HIP headers
  # (libamdhip64-dev, /usr/include/hip), which never shadow hipvk's: hipcc puts hipvk's include
  # directory first and points Clang's --rocm-path at no ROCm.
  librocprim-dev
  librocrand-dev  # ROCm's rocRAND device API (tests/e2e/rocrand)
)
BACKPORT_PACKAGES=(mesa-vulkan-drivers)
MIN_MESA_MAJOR=25
SWIFTSHADER_DIR=${HIPVK_SWIFTSHADER_DIR:-/opt/hipvk/swiftshader}
SWIFTSHADER_ICD="$SWIFTSHADER_DIR/vk_swiftshader_icd.json"

have_all() {
  # Every package must report "install ok installed"; dpkg-query prints nothing for unknown ones.
  local wanted=("${PACKAGES[@]}" "${BACKPORT_PACKAGES[@]}") installed
  installed=$(dpkg-query -W -f='${Status}\n' "${wanted[@]}" 2>/dev/null | grep -c "install ok installed" || true)
  [ "$installed" = "${#wanted[@]}" ] || return 1
  local mesa
  mesa=$(dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null || echo 0)
  [ "${mesa%%.*}" -ge "$MIN_MESA_MAJOR" ] 2>/dev/null
}

have_swiftshader() { [ -f "$SWIFTSHADER_ICD" ] && [ -f "$SWIFTSHADER_DIR/libvk_swiftshader.so" ]; }

# Unpacks libvk_swiftshader.so from chromium-common and writes an ICD manifest naming it by its
# absolute path (the package's manifest names it relative to /usr/lib/chromium).
install_swiftshader() {
  local work
  work=$(mktemp -d)
  (cd "$work" && apt-get download -q chromium-common >/dev/null 2>&1) || {
    $SUDO apt-get update -q
    (cd "$work" && apt-get download -q chromium-common)
  }
  local deb=("$work"/chromium-common_*.deb)
  dpkg-deb --fsys-tarfile "${deb[0]}" | tar -x -C "$work" ./usr/lib/chromium/libvk_swiftshader.so
  $SUDO mkdir -p "$SWIFTSHADER_DIR"
  $SUDO install -m 0644 "$work/usr/lib/chromium/libvk_swiftshader.so" "$SWIFTSHADER_DIR/libvk_swiftshader.so"
  dpkg-deb -f "${deb[0]}" Version | $SUDO tee "$SWIFTSHADER_DIR/VERSION" >/dev/null
  printf '{"file_format_version": "1.0.0", "ICD": {"library_path": "%s", "api_version": "1.3.0"}}\n' \
    "$SWIFTSHADER_DIR/libvk_swiftshader.so" | $SUDO tee "$SWIFTSHADER_ICD.tmp" >/dev/null
  $SUDO mv "$SWIFTSHADER_ICD.tmp" "$SWIFTSHADER_ICD"  # last: its presence means the install is whole
  rm -rf "$work"
  echo "install-deps: SwiftShader $(cat "$SWIFTSHADER_DIR/VERSION") in $SWIFTSHADER_DIR"
}

if have_all && have_swiftshader; then
  echo "install-deps: all dependencies present (SwiftShader: $SWIFTSHADER_ICD)"
  exit 0
fi
if have_all; then
  install_swiftshader
  exit 0
fi

codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
backports_list=/etc/apt/sources.list.d/hipvk-backports.sources
if ! grep -rqs "${codename}-backports" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  $SUDO tee "$backports_list" >/dev/null <<SRC
Types: deb
URIs: http://deb.debian.org/debian
Suites: ${codename}-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${PACKAGES[@]}"
$SUDO apt-get install -y -q --no-install-recommends -t "${codename}-backports" "${BACKPORT_PACKAGES[@]}"

if ! have_all; then
  echo "install-deps: mesa-vulkan-drivers >= ${MIN_MESA_MAJOR} could not be installed" >&2
  exit 1
fi
have_swiftshader || install_swiftshader
echo "install-deps: done"
