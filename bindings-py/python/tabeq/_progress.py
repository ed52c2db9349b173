"""The line a command that cannot count its steps draws on stderr while it works (``tabeq trust``,
``tabeq validate --prediction-root``, ``tabeq spider2``); the counting bar of ``tabeq evaluate`` is
``cli._Progress``."""

from __future__ import annotations

import sys
import threading
import time
from typing import Optional

from . import _tabeq


class Activity:
    """While a long call that cannot count its steps runs, a line on stderr saying what works and
    for how long (the core's ``activity_line``), redrawn twice a second from a thread (the native
    calls release the GIL) and erased at the end; only when stderr is a terminal."""

    INTERVAL = 0.5

    def __init__(self, what: str, enabled: bool = True) -> None:
        self.what = what
        self.enabled = enabled and sys.stderr.isatty()
        self.stop = threading.Event()
        self.thread: Optional[threading.Thread] = None

    def _run(self) -> None:
        start = time.monotonic()
        while True:
            sys.stderr.write(_tabeq.activity_line(self.what, time.monotonic() - start))
            sys.stderr.flush()
            if self.stop.wait(self.INTERVAL):
                return

    def __enter__(self) -> Activity:
        if self.enabled:
            self.thread = threading.Thread(target=self._run, name="tabeq-activity", daemon=True)
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.thread is not None:
            self.stop.set()
            self.thread.join()
            sys.stderr.write("\r\x1b[K")  # erased: what the command prints next starts clean
            sys.stderr.flush()
