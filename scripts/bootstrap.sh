# Sourced by ./queens and ./run-tests: make sure .venv exists and holds the five packages
# (editable, their bytecode compiled) and the test tools. It re-installs only when a
# pyproject.toml, requirements-dev.txt or this script changed since the last install, so
# a second run starts at once.
# Expects $root, the checkout, to be set by the caller.
venv="$root/.venv"
python=${PYTHON:-python3}

stamp_of() {
    cat "$root/requirements-dev.txt" "$root"/queens_core/pyproject.toml \
        "$root"/queens_rules_*/pyproject.toml "$root/scripts/bootstrap.sh" | "$python" -c \
        'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())'
}

if ! command -v "$python" >/dev/null 2>&1; then
    echo "queens: $python not found; install Python 3.11 or newer (or set PYTHON)" >&2
    exit 2
fi
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "queens: needs Python 3.11 or newer; $python is $("$python" -V 2>&1) (set PYTHON)" >&2
    exit 2
fi

want=$(stamp_of)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.queens-stamp" 2>/dev/null)" != "$want" ]; then
    echo "queens: setting up $venv (first run, or the packaging changed) ..." >&2
    "$python" -m venv "$venv" >&2
    # pip reads the -e paths in requirements-dev.txt relative to the working directory.
    (cd "$root" && "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        -r requirements-dev.txt >&2)
    # Compile the packages' bytecode now: the installs are editable, so the modules are
    # imported from this checkout, and with PYTHONDONTWRITEBYTECODE set (as it often is)
    # every run would otherwise compile them again. A module edited later is compiled
    # afresh by the run that imports it (Python checks each source's timestamp).
    "$venv/bin/python" -m compileall -q "$root"/queens_core/queens_core \
        "$root"/queens_rules_*/queens_rules_* >&2
    echo "$want" > "$venv/.queens-stamp"
fi
# A compiled build (scripts/build_compiled.py) older than its sources would run old code.
if ls "$root"/queens_core/*.so "$root"/queens_core/queens_core/*.so \
    "$root"/queens_rules_pfc/queens_rules_pfc/*.so 2>/dev/null | grep -q .; then
    "$venv/bin/python" "$root/scripts/build_compiled.py" --check
fi
