"""Round 34 review: the P2NIA experiment's figures (write_outputs, write_figures, the population
bias figure) switched matplotlib's backend to Agg for the rest of the process
(``matplotlib.use("Agg")``): a notebook's own plots stopped showing after them. They are drawn
on a matplotlib Figure, without pyplot, as the PCER tables' and the monitor's are (the same
PNG bytes); the caller's backend is left as it was."""

import importlib.util
from pathlib import Path

import matplotlib
import pandas as pd

from ethiclens.experiments import _p2nia_figures as figs

_SPEC = importlib.util.spec_from_file_location(
    "p2nia_figure_rows", Path(__file__).parents[1] / "experiments" / "test_p2nia_figures.py"
)


def _rows():  # (that test module sets Agg itself: read it before setting the backend)
    module = importlib.util.module_from_spec(_SPEC)
    _SPEC.loader.exec_module(module)
    return module._rows(models=("rf",), reps=1)


def test_the_callers_backend_is_left_as_it_was(tmp_path):
    rows = _rows()
    before = matplotlib.get_backend()
    matplotlib.use("pdf")
    try:
        files = figs.write_outputs(rows, tmp_path, "toy", metric_epsilons=(10.0,))
        assert matplotlib.get_backend() == "pdf"
        frame = pd.DataFrame(
            dict(
                audit_state=["CA", "TX"],
                blackbox_dp=[0.1, 0.2],
                abs_error=[0.01, 0.02],
                reference_dp=[0.12, 0.12],
                train_state=["CA", "CA"],
                model=["rf", "rf"],
            )
        )
        files.append(figs.write_population_bias_figure(frame, tmp_path / "pop.png"))
        assert matplotlib.get_backend() == "pdf"
    finally:
        matplotlib.use(before)
    pngs = [f for f in files if f.suffix == ".png"]
    assert len(pngs) >= 4 and all(f.read_bytes()[:4] == b"\x89PNG" for f in pngs)
