"""The optional compiled build: the hot modules compiled with mypyc.

    .venv/bin/python scripts/build_compiled.py            # build, use it from this checkout
    .venv/bin/python scripts/build_compiled.py --remove   # back to pure Python
    .venv/bin/python scripts/build_compiled.py --into     # only build; print its folder

The compiled modules give the same results as the Python ones (tests/archive/test_compiled.py
solves the archive with them and compares every counter); they are never needed, since
Python imports the ``.py`` file wherever no compiled module is present. A build is kept
under ``.venv/compiled/<hash of the sources>``, so building again after no change is
immediate. Building puts the compiled modules beside their sources, where Python prefers
them; ``./queens`` and ``./run-tests`` remove them (and say so) once a source changes.
Needs a C compiler and the Python headers; mypyc comes with mypy (requirements-dev.txt).
"""

from __future__ import annotations

import argparse
import filecmp
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The distribution folder of queens-core (on sys.path through the editable install),
#: where the shared part of the build goes.
DIST = ROOT / "queens_core"
#: The folders of the packages with compiled modules.
PACKAGES = {
    "queens_core": DIST / "queens_core",
    "queens_rules_pfc": ROOT / "queens_rules_pfc" / "queens_rules_pfc",
    "queens_rules_pigeonhole": ROOT / "queens_rules_pigeonhole" / "queens_rules_pigeonhole",
    "queens_rules_polyomino": ROOT / "queens_rules_polyomino" / "queens_rules_polyomino",
    "queens_rules_starbattle": ROOT / "queens_rules_starbattle" / "queens_rules_starbattle",
}
#: The modules compiled: the board, the state, the rule context, the propagation, the
#: driver, the matching, the exact solver, the validator, and the work of four rule
#: packages (placement-forces-contradiction's trials, the pigeonhole rule's tight sets,
#: the polyomino sweep, the Star Battle deductions, counting, flow, case split and
#: composite regions); and the Queens maker with its region growing and placement table
#: (its boards are the same: tests/archive/test_compiled.py makes a batch both ways).
#: rules.py stays interpreted so Rule.problems() can report ill-typed fields;
#: supervision.py (the seam the runtime fills in at run time, and the per-rule cache
#: guard, a dict subclass) and errors.py stay interpreted with it; modules with plugin
#: hooks stay interpreted because pluggy cannot read a compiled function's @hookimpl
#: mark. The engine holds no process code, so none is compiled.
MODULES = (
    "queens_core/engine/board",
    "queens_core/engine/state",
    "queens_core/engine/context",
    "queens_core/engine/propagation",
    "queens_core/engine/driver",
    "queens_core/engine/matching",
    "queens_core/engine/validate",
    "queens_core/referee/budget",
    "queens_core/referee/queens_search",
    "queens_core/referee/placements",
    "queens_core/generator/regions",
    "queens_core/generator/queens_maker",
    "queens_rules_pfc/trials",
    "queens_rules_pigeonhole/tight",
    "queens_rules_polyomino/sweep",
    "queens_rules_starbattle/deductions",
    "queens_rules_starbattle/counting",
    "queens_rules_starbattle/flow",
    "queens_rules_starbattle/cases",
    "queens_rules_starbattle/composite",
)
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")
STAMP = ".compiled-stamp"


def source_hash() -> str:
    """What a build depends on: the compiled sources, Python and mypy."""
    import mypy.version

    digest = hashlib.sha256(f"{sys.version} {mypy.version.__version__}".encode())
    for module in MODULES:
        package, name = module.split("/", 1)
        digest.update((PACKAGES[package] / f"{name}.py").read_bytes())
    return digest.hexdigest()[:20]


def build() -> Path:
    """A folder holding compiled copies of the packages (built if needed)."""
    key = source_hash()
    out = ROOT / ".venv" / "compiled" / key
    if (out / STAMP).exists():
        _refresh_interpreted(out)
        return out
    with tempfile.TemporaryDirectory() as work:
        for package in PACKAGES:
            shutil.copytree(PACKAGES[package], Path(work) / package, ignore=_ignored)
        mypyc = Path(sys.executable).with_name("mypyc")
        done = subprocess.run(
            [str(mypyc), *(f"{module}.py" for module in MODULES)],
            cwd=work,
            capture_output=True,
            text=True,
        )
        if done.returncode:  # mypyc says what it cannot compile on standard output
            errors = [line for line in done.stdout.splitlines() if ": error:" in line]
            sys.exit("mypyc failed: " + "; ".join(errors or done.stderr.splitlines()[-1:]))
        if out.parent.exists():  # older builds, of sources that have changed since
            shutil.rmtree(out.parent)
        out.parent.mkdir(parents=True)
        for package in PACKAGES:
            shutil.copytree(Path(work) / package, out / package, ignore=_ignored)
        for lib in Path(work).glob(f"*__mypyc{SUFFIX}"):
            shutil.copy2(lib, out)
    (out / STAMP).write_text(key + "\n")
    return out


def _refresh_interpreted(out: Path) -> None:
    """Bring the build's copies of the modules that stay interpreted up to date: the key
    covers the compiled sources only, and a build used as a whole folder (``--into``)
    would otherwise run the other modules as they were when it was made."""
    for package, source in PACKAGES.items():
        copy = out / package
        for stale in copy.rglob("*.py"):
            if not (source / stale.relative_to(copy)).exists():
                stale.unlink()
        shutil.copytree(
            source, copy, ignore=_ignored, copy_function=_replace_if_changed, dirs_exist_ok=True
        )


def _replace_if_changed(source: str, target: str) -> str:
    """Copy ``source`` over ``target`` only if they differ, and by a rename: another
    process may be importing from the build meanwhile (tests run side by side), and an
    overwrite in place let it read a half-written module."""
    if os.path.exists(target) and filecmp.cmp(source, target, shallow=False):
        return target
    partial = f"{target}.{os.getpid()}.partial"
    shutil.copy2(source, partial)
    os.replace(partial, target)
    return target


def _ignored(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if n == "__pycache__" or n == "build"]


def installed() -> list[Path]:
    """The compiled files put into this checkout by a build."""
    found = [path for p in PACKAGES for path in PACKAGES[p].rglob(f"*{SUFFIX}")]
    return [*found, *DIST.glob(f"*__mypyc{SUFFIX}")]


def remove() -> None:
    for path in installed():
        path.unlink()
    (DIST / STAMP).unlink(missing_ok=True)


def install() -> None:
    """Build, and put the compiled modules beside their sources."""
    built = build()
    remove()
    for module in MODULES:
        package, name = module.split("/", 1)
        shutil.copy2(built / package / f"{name}{SUFFIX}", (PACKAGES[package] / name).parent)
    for lib in built.glob(f"*__mypyc{SUFFIX}"):
        shutil.copy2(lib, DIST)
    (DIST / STAMP).write_text((built / STAMP).read_text())


def check() -> int:
    """Remove compiled modules older than their sources (a stale build would run old code)."""
    if not installed():
        return 0
    stamp = DIST / STAMP
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
