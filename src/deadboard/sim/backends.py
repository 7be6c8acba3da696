"""Where games are played: in this process, on local worker processes, or on a Ray cluster.

Every backend runs the same function on the same tasks; a task's result depends on the task alone,
so the records are identical whatever the backend and the number of workers (only their arrival
order and timings differ). Tasks travel in small chunks to keep the per-task overhead low while
keeping the workers evenly busy and reporting often.
"""

from __future__ import annotations

import logging
import math
import multiprocessing as mp
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from deadboard.core.errors import SetupError

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")


def chunk_size(n: int, workers: int) -> int:
    """About eight chunks per worker, at most 4 tasks each: a chunk's games are reported (and
    saved for resuming) when the whole chunk is done."""
    return max(1, min(4, math.ceil(n / max(1, workers * 8))))


def run_chunk(fn: Callable[[T], R], tasks: list[T]) -> list[R]:
    return [fn(t) for t in tasks]


def _die_with_parent() -> None:
    """A worker ends, silently, with the process that started it: on Linux the kernel kills it when
    its parent dies (even by ``kill -9``); anywhere, a write to the parent's closed pipe ends it
    without a BrokenPipe traceback."""
    import signal

    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
        if os.getppid() == 1:  # the parent died before the request took effect
            os._exit(0)


def _star(args: tuple[Callable[[Any], Any], list[Any]]) -> list[Any]:
    return run_chunk(*args)


def execute(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[R]:
    """Yield ``fn(task)`` for every task, in any order. ``fn`` must be a module-level function."""
    if not tasks:
        return
    if backend == "ray":
        yield from _ray(fn, tasks, jobs, address)
        return
    if backend != "local":
        raise SetupError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if address:
        raise SetupError("--address is for the ray backend (--backend ray)")
    if jobs <= 1:
        for t in tasks:
            yield fn(t)
        return
    size = chunk_size(len(tasks), jobs)
    chunks = ((fn, list(tasks[i : i + size])) for i in range(0, len(tasks), size))
    ctx = mp.get_context("fork" if os.name == "posix" else "spawn")
    with ctx.Pool(jobs, initializer=_die_with_parent) as pool:
        for results in pool.imap_unordered(_star, chunks):
            yield from results


def _package_root() -> str:
    import deadboard

    return str(Path(deadboard.__file__).resolve().parent.parent)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SetupError("the ray backend needs Ray: pip install 'deadboard[ray]'") from None
    return ray


@contextmanager
def session(backend: str, jobs: int = 1, address: str | None = None) -> Iterator[None]:
    """Bring the backend up for a run (a Ray cluster connection or a local Ray cluster of ``jobs``
    workers) and down after it, so that a run's timing leaves out the start-up."""
    if backend != "ray":
        yield
        return
    ray = _import_ray()
    if ray.is_initialized():
        yield
        return
    if address:
        ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
    else:
        # A local cluster: its workers must import this very deadboard (a source checkout
        # included), so they get its folder on their path.
        root = _package_root()
        path = os.environ.get("PYTHONPATH", "")
        if root not in path.split(os.pathsep):
            os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (root, path) if p)
        ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING)
    try:
        yield
    finally:
        ray.shutdown()


def _ray(fn: Callable[[T], R], tasks: Sequence[T], jobs: int, address: str | None) -> Iterator[R]:
    with session("ray", jobs, address):
        ray = _import_ray()
        remote = ray.remote(num_cpus=1)(run_chunk)
        workers = max(1, jobs if not address else int(ray.cluster_resources().get("CPU", jobs)))
        size = chunk_size(len(tasks), workers)
        pending = [remote.remote(fn, list(tasks[i : i + size])) for i in range(0, len(tasks), size)]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield from ray.get(ref)
