"""A per-file deadline for ``check`` (``--timeout-per-file``), by ``SIGALRM``.

It is only armed in the main thread of a POSIX process, and only when asked for: library
callers get no signal handlers unless they set ``Config.timeout_per_file``. Native code
(the solver, a parser) is not interrupted mid-call; each has its own bound, and the
deadline fires as soon as control returns to Python.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["DeadlineExceeded", "deadline"]


class DeadlineExceeded(BaseException):
    """The file's time is up. A BaseException, so that a stage's ``except Exception``
    cannot swallow it."""


@contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    if (
        not seconds
        or seconds <= 0
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise DeadlineExceeded

    previous = signal.signal(signal.SIGALRM, on_alarm)
    started = time.monotonic()
    outer, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer > 0:  # someone else's alarm (a test runner's timeout) keeps its time
            left = outer - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))
