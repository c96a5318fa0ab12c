"""Round 34: writing the PCER tables (figure1) switched matplotlib's backend to Agg for the rest
of the process (``matplotlib.use("Agg")``): in a notebook, the user's own plots stopped showing
after ``write_tables``/``pcer tables``. The figure is drawn without pyplot; the caller's backend
is left as it was, and the files are the same."""

from pathlib import Path

import matplotlib

from ethiclens.experiments._pcer_commands import tables_to_folder

STORE = Path(__file__).parent / "data" / "store_v1.sqlite"


def test_the_callers_backend_is_left_as_it_was(tmp_path):
    before = matplotlib.get_backend()
    matplotlib.use("pdf")
    try:
        tables_to_folder(STORE, tmp_path / "t")
        assert matplotlib.get_backend() == "pdf"
    finally:
        matplotlib.use(before)
    assert (tmp_path / "t" / "figure1.png").stat().st_size > 5000
