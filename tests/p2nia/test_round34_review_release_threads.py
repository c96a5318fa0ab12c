"""Round 34 review (P2NIA): cf0c1195 restores JAX's float64 setting and NumPy's global
generator after each MST/AIM fit; a release running meanwhile in another thread of the same
process (a notebook's thread pool, a Dask worker with several threads) then had float64 turned
off under it ('TypeError: cond branches must have equal output types') or drew from a global
generator another fit had just seeded (other rows than the same seed gives alone). One fit at a
time per process: each seed gives the release it gives alone."""

import threading
import warnings

import pytest

import ethiclens.p2nia as p2

from .conftest import audit_frame

pytest.importorskip("mbi")

RUNS = [(1, "mst"), (2, "aim"), (3, "mst"), (4, "aim")]


def _release(data, seed, mechanism, out):
    req = p2.make_request(300, "sex", protected_domain=["F", "M"], epsilon=1.0, mechanism=mechanism)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out[seed] = p2.release(req, data, "y", "pred", random_state=seed).table
    except Exception as exc:  # noqa: BLE001 - the thread's failure is the test's
        out[seed] = exc


def test_releases_in_threads_are_those_of_their_seeds():
    data = audit_frame(600, 0)
    alone = {}
    for seed, mechanism in RUNS:
        _release(data, seed, mechanism, alone)
    for _ in range(2):
        together = {}
        threads = [threading.Thread(target=_release, args=(data, *r, together)) for r in RUNS]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for seed, _mechanism in RUNS:
            assert not isinstance(together[seed], Exception), together[seed]
            assert together[seed].equals(alone[seed]), seed
