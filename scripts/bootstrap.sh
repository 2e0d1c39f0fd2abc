# Sourced by ./queens and ./run-tests: make sure .venv exists and holds the packages
# (editable, their bytecode compiled) and the test tools. It re-installs only when a
# pyproject.toml, requirements-dev.txt or this script changed since the last install, so
# a second run starts at once: when no such file is newer than the stamp, it runs no
# Python at all (each interpreter start would add to every `./queens`), and it starts as
# few processes as it can (one `find`): the checks below are shell built-ins.
# Expects $root, the checkout, to be set by the caller.
venv="$root/.venv"
python=${PYTHON:-python3}
stamp="$venv/.queens-stamp"
# Every distribution of the checkout is a queens_*/ folder with its package inside.
packaging="$root/requirements-dev.txt $root/scripts/bootstrap.sh"
for file in "$root"/queens_*/pyproject.toml; do packaging="$packaging $file"; done
sources=
for package in "$root"/queens_*/queens_*; do sources="$sources $package"; done

stamp_of() {
    # shellcheck disable=SC2086
    cat $packaging | "$python" -c \
        'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())'
}

compile_sources() {
    # With editable installs the modules are imported from this checkout; with
    # PYTHONDONTWRITEBYTECODE set (as it often is) every run would compile them again.
    # shellcheck disable=SC2086
    "$venv/bin/python" -m compileall -q $sources >&2
    touch "$venv/.queens-compiled"
}

set_up=
if [ ! -x "$venv/bin/python" ] || [ ! -f "$stamp" ]; then
    set_up=1
else
    # shellcheck disable=SC2086
    for file in $packaging; do
        if [ "$file" -nt "$stamp" ]; then
            set_up=1
        fi
    done
fi
if [ -n "$set_up" ]; then
    if ! command -v "$python" >/dev/null 2>&1; then
        echo "queens: $python not found; install Python 3.11 or newer, or name the one to use in PYTHON (PYTHON=python3.12 $0 ...)" >&2
        exit 2
    fi
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        echo "queens: needs Python 3.11 or newer; $python is $("$python" -V 2>&1); name a newer one in PYTHON (PYTHON=python3.12 $0 ...)" >&2
        exit 2
    fi
    want=$(stamp_of)
    if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        echo "queens: setting up $venv (first run, or the packaging changed) ..." >&2
        "$python" -m venv "$venv" >&2
        # pip reads the -e paths in requirements-dev.txt relative to the working directory.
        (cd "$root" && "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
            -r requirements-dev.txt >&2)
        compile_sources
    fi
    echo "$want" > "$stamp"  # also renews its time, so the next run skips all of this
fi

# A module edited since it was last compiled: compile it once, not on every run.
# shellcheck disable=SC2086
if [ ! -f "$venv/.queens-compiled" ] || [ -n "$(find $sources -name '*.py' \
    -newer "$venv/.queens-compiled" -print -quit 2>/dev/null)" ]; then
    compile_sources
fi

# A compiled build (scripts/build_compiled.py) older than its sources would run old code.
for built in "$root"/queens_core/*.so "$root"/queens_core/queens_core/*/*.so \
    "$root"/queens_rules_pfc/queens_rules_pfc/*.so; do
    if [ -e "$built" ]; then
        "$venv/bin/python" "$root/scripts/build_compiled.py" --check
        break
    fi
done
