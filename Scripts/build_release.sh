#!/usr/bin/env bash
# Builds the release archive linkdoc-VERSION-linux-x86_64.tar.gz: the linkdoc binary with the Swift
# runtime linked in (--static-swift-stdlib), stripped, with the README and the licence, and checks
# that the binary needs no library but the Debian packages the archive's README-INSTALL names.
#
#   Scripts/build_release.sh [OUT_DIR]      (default: .build/dist)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(mkdir -p "${1:-$root/.build/dist}" && cd "${1:-$root/.build/dist}" && pwd)"
cd "$root"
version="$(swift run -c release linkdoc --version 2>/dev/null | awk '{print $2}')"
arch="$(uname -m)"
swift build -c release --static-swift-stdlib --product linkdoc
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/linkdoc"

# The shared libraries it still needs, each from one of these Debian packages: the C libraries
# linkdoc uses (ICU, libxml2; HarfBuzz, FreeType and libpng for the layout core) and what they and
# the C++ runtime pull in.
packages="libc6 libstdc++6 libgcc-s1 libicu72 libxml2 libharfbuzz0b libfreetype6 libpng16-16 zlib1g liblzma5
          libbrotli1 libgraphite2-3 libglib2.0-0 libpcre2-8-0"
missing=()
while read -r library path; do
  [ -n "$path" ] || continue
  # dpkg knows a file by the path its package installed it at: with a merged /usr that may be the
  # /lib one, the /usr/lib one, or the real file's.
  owner=""
  for candidate in "$path" "$(readlink -f "$path")" "${path#/usr}" "/usr$path"; do
    owner="$(dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1)" && [ -n "$owner" ] && break
  done
  case " $(echo $packages) " in *" $owner "*) ;; *) missing+=("$library ($owner)") ;; esac
done < <(ldd "$bin" | awk '$2 == "=>" {print $1, $3}')
if [ ${#missing[@]} -gt 0 ]; then
  echo "build_release: the binary needs libraries outside the documented packages: ${missing[*]}" >&2
  exit 1
fi

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
name="linkdoc-$version-linux-$arch"
mkdir -p "$stage/$name/bin"
cp "$bin" "$stage/$name/bin/linkdoc"
strip "$stage/$name/bin/linkdoc"
cp README.md "$stage/$name/"
[ -f LICENSE ] && cp LICENSE "$stage/$name/"
cat > "$stage/$name/README-INSTALL" <<TEXT
linkdoc $version for Linux $arch: the Swift runtime is linked in. It needs these Debian (12)
packages, and nothing from Swift:

  apt-get install $(echo $packages)

Then put bin/linkdoc on PATH, for example: install -m 755 bin/linkdoc /usr/local/bin/linkdoc
The layout core's default font is Debian's fonts-noto-cjk (fonts-noto-color-emoji, fonts-dejavu-core for fallbacks).
TEXT
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"

# The unpacked binary runs with nothing from the build: a clean environment, another folder.
check="$(mktemp -d)"
tar -C "$check" -xzf "$out/$name.tar.gz"
printf '%s' '请阅读[隐私政策](https://example.com/p)' | env -i PATH=/usr/bin:/bin "$check/$name/bin/linkdoc" compile - >/dev/null
rm -rf "$check"
echo "$out/$name.tar.gz"
