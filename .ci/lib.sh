# Shared set-up for .ci/test and .ci/lab.  Source it; do not execute it.
#
#   ci_setup_venv       create .venv (if missing) and install the package editable with all
#                       extras and the developer tools (dependency group "dev" of
#                       pyproject.toml, PEP 735: pip >= 25.1, upgraded here when older),
#                       at the versions of .ci/constraints.txt (bash .ci/constraints renews
#                       them); skipped when nothing that affects the install has changed
#   ci_ensure_chromium  install Debian's chromium with apt-get when /usr/bin/chromium is missing
#
# Both are idempotent and cheap on a re-run.

CI_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CI_VENV="${CI_VENV:-$CI_REPO/.venv}"
CI_EXTRAS="widget,sim,canvas,study,animate,marimo"
CI_GROUP="dev"
# every package of the test environment at the version it last passed with: a new release
# of a tool (a linter's rules, Babel's .mo header) cannot fail a fresh machine's run
CI_CONSTRAINTS="$CI_REPO/.ci/constraints.txt"
CI_CHROMIUM="/usr/bin/chromium"

# every line says how long the run has taken (since the first script of it began: .ci/docs
# run by .ci/test counts from .ci/test's start): where the time goes in CI
CI_T0="${CI_T0:-$(date +%s)}"
export CI_T0
ci_log() { printf '\n== [%s s] %s\n' "$(($(date +%s) - CI_T0))" "$*" >&2; }

ci_is_root() { [ "$(id -u)" = "0" ]; }

# Runs a command as root: directly when root, via passwordless sudo when available.
ci_as_root() {
    if ci_is_root; then
        "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo -n "$@"
    else
        return 1
    fi
}

ci_apt_install() {
    ci_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
        && ci_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

# Fingerprint of everything that decides what gets installed into the venv.
ci_install_fingerprint() {
    {
        echo "extras=$CI_EXTRAS group=$CI_GROUP"
        "$CI_VENV/bin/python" -c 'import sys; print(sys.version)'
        cat "$CI_REPO/pyproject.toml"
        if [ -z "${CI_UNCONSTRAINED:-}" ]; then cat "$CI_CONSTRAINTS"; fi
    } | sha256sum | cut -d' ' -f1
}

ci_setup_venv() {
    if [ ! -x "$CI_VENV/bin/python" ]; then
        ci_log "creating $CI_VENV"
        if ! python3 -m venv "$CI_VENV"; then
            # Debian's system python needs python3-venv for ensurepip.
            rm -rf "$CI_VENV"
            ci_log "python3 -m venv failed; trying to install python3-venv"
            ci_apt_install python3-venv || { echo "cannot create a venv: install python3-venv" >&2; return 1; }
            python3 -m venv "$CI_VENV" || return 1
        fi
    fi
    local stamp="$CI_VENV/.ci-install-stamp" want
    want="$(ci_install_fingerprint)"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
        && "$CI_VENV/bin/python" -c 'import finstere_widget' 2>/dev/null; then
        ci_log "venv up to date (pyproject.toml unchanged since last install)"
    else
        ci_log "installing finstere_widget[$CI_EXTRAS] (editable) + group $CI_GROUP into $CI_VENV"
        local readme
        readme="$(sed -n 's/^readme *= *"\([^"]*\)".*/\1/p' "$CI_REPO/pyproject.toml" | head -1)"
        if [ -n "$readme" ] && [ ! -f "$CI_REPO/$readme" ]; then
            echo "pyproject.toml names readme \"$readme\", which is missing: the build (hatchling) will fail" >&2
        fi
        rm -f "$stamp"
        # dependency groups (--group) need pip >= 25.1
        if ! "$CI_VENV/bin/python" -c 'import sys, pip; sys.exit(tuple(map(int, pip.__version__.split(".")[:2])) < (25, 1))'; then
            "$CI_VENV/bin/python" -m pip install --disable-pip-version-check -q -U "pip>=25.1" || return 1
        fi
        # Playwright must never fetch its own browser here: we drive Debian's chromium.
        local pins=(-c "$CI_CONSTRAINTS")
        [ -n "${CI_UNCONSTRAINED:-}" ] && pins=()  # bash .ci/constraints: the newest versions
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 "$CI_VENV/bin/python" -m pip install \
            --disable-pip-version-check -q -e "$CI_REPO[$CI_EXTRAS]" \
            --group "$CI_REPO/pyproject.toml:$CI_GROUP" "${pins[@]}" || return 1
        echo "$want" > "$stamp"
    fi
    export PATH="$CI_VENV/bin:$PATH"
    export VIRTUAL_ENV="$CI_VENV"
}

ci_ensure_chromium() {
    if [ -x "$CI_CHROMIUM" ]; then
        return 0
    fi
    ci_log "$CI_CHROMIUM missing: installing Debian's chromium with apt-get"
    if ci_apt_install chromium && [ -x "$CI_CHROMIUM" ]; then
        return 0
    fi
    cat >&2 <<MSG

!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
!!  Could not install chromium ($CI_CHROMIUM): not root and no passwordless sudo?
!!  Run as root:  apt-get update && apt-get install -y chromium
!!  Browser tests will be SKIPPED locally and will FAIL when CI=true.
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!

MSG
    return 0
}
