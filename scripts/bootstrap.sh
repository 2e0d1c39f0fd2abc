# Sourced by ./queens and ./run-tests: make sure .venv exists and holds the six packages
# (editable) and the test tools. It re-installs only when a pyproject.toml or
# requirements-dev.txt changed since the last install, so a second run starts at once.
# Expects $root, the checkout, to be set by the caller.
venv="$root/.venv"
python=${PYTHON:-python3}

stamp_of() {
    cat "$root/requirements-dev.txt" "$root"/queens_core/pyproject.toml \
        "$root"/queens_rules_*/pyproject.toml "$root"/queens_web/pyproject.toml | "$python" -c \
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
    echo "$want" > "$venv/.queens-stamp"
fi
