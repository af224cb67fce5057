"""`promptlint` timed as a process, start-up reported apart, beside `python -c pass`.

Every case is the median (and minimum) of --repeat runs of a subprocess in a temporary
project folder, so interpreter start-up, imports and the compile cache
(`.promptlint_cache/` in that folder) are what a pre-commit hook sees. The first row,
`python -c pass`, is measured in the same run, so ratios against it are not skewed by
the machine's load at another time.

  python -c pass            the interpreter alone
  --version                 start-up: imports and CLI parsing, no analysis
  md-100 first run          a 100-rule markdown policy without a sidecar, cache emptied
                            before every run
  md-100 second run         the same file, cache filled by an untimed run
  corpus/<file> second run  every file of the shared corpus (--corpus), cache filled
  pyrule-2000 -f json       a collision-dense 2,000-rule PyRule policy (bench/gen_policy.py)
  pyrule-2000 text          the same with the default text output
The 2,000-rule rows use --large-repeat runs (each takes tens of seconds or more);
--skip-large leaves them out.

Usage: python bench/bench_startup.py [--repeat 7] [--large-repeat 7] [--skip-large]
           [--corpus ../shared/corpus] [--cmd 'python -m promptlint']
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from gen_markdown_policy import generate as gen_md  # noqa: E402
from gen_policy import generate as gen_pyrule  # noqa: E402


def promptlint() -> list[str]:
    exe = shutil.which("promptlint", path=str(Path(sys.executable).parent))
    return [exe] if exe else [sys.executable, "-m", "promptlint"]


def timed(cmd: list[str], cwd: Path, repeat: int, *, cold: bool) -> tuple[float, float, int]:
    """Median and minimum wall time and the last exit code; ``cold`` empties the compile
    cache before each run, otherwise one untimed run fills it first."""
    cache = cwd / ".promptlint_cache"
    if not cold:
        subprocess.run(cmd, capture_output=True, cwd=cwd)
    times = []
    rc = 0
    for _ in range(repeat):
        if cold:
            shutil.rmtree(cache, ignore_errors=True)
        t0 = time.perf_counter()
        rc = subprocess.run(cmd, capture_output=True, cwd=cwd).returncode
        times.append(time.perf_counter() - t0)
    return statistics.median(times), min(times), rc


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--large-repeat", type=int, default=7)
    ap.add_argument("--skip-large", action="store_true")
    ap.add_argument("--corpus", type=Path, default=HERE.parent.parent / "shared" / "corpus")
    ap.add_argument("--cmd", help="the command to time instead of the venv's `promptlint`, "
                    "e.g. 'env PYTHONPATH=/tmp/old/src python -m promptlint'")  # fmt: skip
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="promptlint-bench-"))
    pl = shlex.split(args.cmd) if args.cmd else promptlint()
    rows: list[tuple[str, float, float, int]] = []

    def case(name: str, cmd: list[str], *, cold: bool = False, repeat: int | None = None) -> None:
        med, best, rc = timed(cmd, tmp, repeat or args.repeat, cold=cold)
        rows.append((name, med, best, rc))
        print(f"  {name}: {med:.3f} s", file=sys.stderr, flush=True)

    try:
        case("python -c pass", [sys.executable, "-c", "pass"])
        case("promptlint --version", [*pl, "--version"])
        md = tmp / "policy.md"
        md.write_text(gen_md(100), encoding="utf-8")
        check = [*pl, "check", "--output-format", "concise"]
        case("md-100 first run (cold cache)", [*check, str(md)], cold=True)
        case("md-100 second run", [*check, str(md)])
        if args.corpus.is_dir():
            for f in sorted(p for p in args.corpus.iterdir() if p.is_file()):
                if f.name == "SOURCES.md":
                    continue
                case(f"corpus/{f.name} second run", [*check, str(f)])
        else:
            print(f"no corpus at {args.corpus}; skipping those rows", file=sys.stderr)
        if not args.skip_large:
            big = tmp / "policy2000.pyrule"
            big.write_text(gen_pyrule(2000), encoding="utf-8")
            full = [*pl, "check", str(big)]
            case("pyrule-2000 -f json", [*full, "-f", "json"], repeat=args.large_repeat)
            case("pyrule-2000 text", full, repeat=args.large_repeat)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    base = rows[0][1]
    print(f"{'case':52} {'median (s)':>10} {'min (s)':>8} {'x pass':>7} {'exit':>5}")
    for name, med, best, rc in rows:
        print(f"{name:52} {med:10.3f} {best:8.3f} {med / base:7.1f} {rc:5d}")


if __name__ == "__main__":
    main()
