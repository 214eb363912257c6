#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here), with Noto fonts for the
# scripts the portal's languages are written in (Arabic, Devanagari, Thai, Chinese, Japanese, Korean).
set -euo pipefail
PACKAGES=(chromium fonts-noto-core fonts-noto-cjk)
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ! -x /usr/bin/chromium ] && [[ ! " ${missing[*]} " == *" chromium "* ]]; then missing+=(chromium); fi
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "The browser tests need ${missing[*]}: run 'apt-get install -y ${missing[*]}' as root." >&2
  exit 1
fi
