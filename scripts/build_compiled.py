"""The optional compiled build: the hot modules of queens_core compiled with mypyc.

    .venv/bin/python scripts/build_compiled.py            # build, use it from this checkout
    .venv/bin/python scripts/build_compiled.py --remove   # back to pure Python
    .venv/bin/python scripts/build_compiled.py --into     # only build; print its folder

The compiled modules give the same results as the Python ones (tests/test_compiled.py
solves the archive with them and compares every counter); they are never needed, since
Python imports the ``.py`` file wherever no compiled module is present. A build is kept
under ``.venv/compiled/<hash of the sources>``, so building again after no change is
immediate. Building puts the compiled modules beside their sources, where Python prefers
them; ``./queens`` and ``./run-tests`` remove them (and say so) once a source changes.
Needs a C compiler and the Python headers; mypyc comes with mypy (requirements-dev.txt).
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The distribution folder (on sys.path through the editable install) and the package.
DIST = ROOT / "queens_core"
PACKAGE = DIST / "queens_core"
#: The modules compiled: the board, the state, the propagation and the driver, and the
#: exact solver. rules.py stays interpreted so Rule.problems() can report ill-typed fields.
MODULES = ("board", "state", "propagation", "driver", "matching", "exact")
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
STAMP = ".compiled-stamp"


def source_hash() -> str:
    """What a build depends on: the compiled sources, Python and mypy."""
    import mypy.version

    digest = hashlib.sha256(f"{sys.version} {mypy.version.__version__}".encode())
    for name in MODULES:
        digest.update((PACKAGE / f"{name}.py").read_bytes())
    return digest.hexdigest()[:20]


def build() -> Path:
    """A folder holding a compiled copy of the queens_core package (built if needed)."""
    key = source_hash()
    out = ROOT / ".venv" / "compiled" / key
    if (out / STAMP).exists():
        return out
    with tempfile.TemporaryDirectory() as work:
        shutil.copytree(PACKAGE, Path(work) / "queens_core", ignore=_ignored)
        mypyc = Path(sys.executable).with_name("mypyc")
        subprocess.run(
            [str(mypyc), *(f"queens_core/{name}.py" for name in MODULES)],
            cwd=work,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(Path(work) / "queens_core", out / "queens_core", ignore=_ignored)
        for lib in Path(work).glob(f"*__mypyc{SUFFIX}"):
            shutil.copy2(lib, out)
    (out / STAMP).write_text(key + "\n")
    return out


def _ignored(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if n == "__pycache__" or n == "build"]


def installed() -> list[Path]:
    """The compiled files put into this checkout by a build."""
    return [*PACKAGE.glob(f"*{SUFFIX}"), *DIST.glob(f"*__mypyc{SUFFIX}")]


def remove() -> None:
    for path in installed():
        path.unlink()
    (PACKAGE / STAMP).unlink(missing_ok=True)


def install() -> None:
    """Build, and put the compiled modules beside their sources."""
    built = build()
    remove()
    for name in MODULES:
        shutil.copy2(built / "queens_core" / f"{name}{SUFFIX}", PACKAGE)
    for lib in built.glob(f"*__mypyc{SUFFIX}"):
        shutil.copy2(lib, DIST)
    (PACKAGE / STAMP).write_text((built / STAMP).read_text())


def check() -> int:
    """Remove compiled modules older than their sources (a stale build would run old code)."""
    if not installed():
        return 0
    stamp = PACKAGE / STAMP
    if stamp.exists() and stamp.read_text().strip() == source_hash():
        return 0
    remove()
    print(
        "queens: removed the compiled modules, their sources changed since the build "
        "(scripts/build_compiled.py builds them again)",
        file=sys.stderr,
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--remove", action="store_true", help="back to pure Python")
    what.add_argument("--check", action="store_true", help="remove a stale build")
    what.add_argument("--into", action="store_true", help="only build; print the folder")
    args = parser.parse_args()
    if args.remove:
        remove()
    elif args.check:
        return check()
    elif args.into:
        print(build())
    else:
        install()
        print(f"compiled: {', '.join(MODULES)} (undo: {Path(__file__).name} --remove)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
