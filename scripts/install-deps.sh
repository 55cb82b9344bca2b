#!/usr/bin/env bash
# Installs every build and test dependency of hipvk from Debian's packages (Debian 12 "bookworm").
# Idempotent: when everything is present it only checks and returns.
# Mesa comes from bookworm-backports: bookworm's Mesa 22.3 lavapipe silently stops every loop
# after 65535 iterations, which corrupts any long-running kernel.
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
)
BACKPORT_PACKAGES=(mesa-vulkan-drivers)
MIN_MESA_MAJOR=25

have_all() {
  # Every package must report "install ok installed"; dpkg-query prints nothing for unknown ones.
  local wanted=("${PACKAGES[@]}" "${BACKPORT_PACKAGES[@]}") installed
  installed=$(dpkg-query -W -f='${Status}\n' "${wanted[@]}" 2>/dev/null | grep -c "install ok installed" || true)
  [ "$installed" = "${#wanted[@]}" ] || return 1
  local mesa
  mesa=$(dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null || echo 0)
  [ "${mesa%%.*}" -ge "$MIN_MESA_MAJOR" ] 2>/dev/null
}

if have_all; then
  echo "install-deps: all dependencies present"
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
echo "install-deps: done"
