"""Review of 8db1c204 (compare keeps model_free's answer per metric spec): the answer is kept
for one comparison only. Kept across calls, a metric whose function changed in place (IPython's
autoreload swaps a function's code; a callable object's setting) or was re-registered under the
same spec kept the old probe: a metric that had read only the labels was still reported as
B − A = 0 [0, 0] after it came to read the predictions."""

import numpy as np

from ethiclens.fairness import GroupMetric, compare, register_group_metric, unregister_metric


def _base_rate(cells, labelled):
    return (cells[..., 0] + cells[..., 2]) / cells.sum(axis=-1)


def _selection_rate(cells, labelled):
    return (cells[..., 0] + cells[..., 1]) / cells.sum(axis=-1)


def _rows():
    rng = np.random.default_rng(3)
    n = 400
    y = (rng.random(n) < 0.4).astype(int)
    a = (rng.random(n) < 0.3).astype(int)
    b = np.where(rng.random(n) < 0.4, 1 - a, a)
    return y, a, b, {"g": rng.choice(["p", "q"], n)}


def _changes(result, name):
    diffs = [d for d in result.group_differences if d.metric == name]
    return [(d.group, d.difference.value, d.difference.ci_low, d.difference.ci_high) for d in diffs]


def _probe_me(cells, labelled):  # its code is swapped below, as autoreload does
    return _base_rate(cells, labelled)


def test_a_metric_changed_in_place_is_probed_again():
    y, a, b, sf = _rows()
    spec = register_group_metric(GroupMetric("r38_probe_me", "Probe me", _probe_me, True, "x"))
    try:
        before = compare(y, a, b, sf, random_state=0, n_boot=100)
        assert all(v == 0 for _, v, _, _ in _changes(before, "r38_probe_me"))  # labels only: 0
        _probe_me.__code__ = _selection_rate.__code__  # now it reads the predictions
        register_group_metric(spec, replace=True)  # and the user registers it again
        after = _changes(compare(y, a, b, sf, random_state=0, n_boot=100), "r38_probe_me")
        own = _changes(compare(y, a, b, sf, random_state=0, n_boot=100), "selection_rate")
        assert after == own  # B − A of the selection rate, not 0 as a label-only metric's
        assert any(v != 0 for _, v, _, _ in after)
    finally:
        _probe_me.__code__ = _base_rate.__code__.replace(co_name="_probe_me")
        unregister_metric("r38_probe_me")


class _Switch:
    """A callable metric with a setting: the base rate, or the selection rate when ``pred``."""

    pred = False

    def __call__(self, cells, labelled):
        return (_selection_rate if self.pred else _base_rate)(cells, labelled)


def test_a_callable_metric_whose_setting_changed_is_probed_again():
    y, a, b, sf = _rows()
    switch = _Switch()
    register_group_metric(GroupMetric("r38_switch", "Switch", switch, True, "x"))
    try:
        first = _changes(compare(y, a, b, sf, random_state=0, n_boot=100), "r38_switch")
        assert all(v == 0 for _, v, _, _ in first)  # labels only: 0
        switch.pred = True
        now = _changes(compare(y, a, b, sf, random_state=0, n_boot=100), "r38_switch")
        own = _changes(compare(y, a, b, sf, random_state=0, n_boot=100), "selection_rate")
        assert now == own and any(v != 0 for _, v, _, _ in now)
    finally:
        unregister_metric("r38_switch")
