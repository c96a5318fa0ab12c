"""A group name with a tab drawn on a chart: matplotlib has no glyph for a tab, so it warned
'Glyph 9 missing from font(s)' on the command line and drew a box; the chart now writes the tab
as its escape, as the terminal's other invisible characters are written."""

import warnings

import numpy as np
import pandas as pd

from ethiclens.cli import main


def _rows(path):
    rng = np.random.default_rng(0)
    n = 400
    groups = np.where(np.arange(n) % 2 == 0, "a\tb", "c")
    pd.DataFrame({"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "g": groups}).to_csv(
        path, index=False
    )


def test_a_tab_in_a_group_is_drawn_as_its_escape_with_no_glyph_warning(tmp_path, capsys):
    data = tmp_path / "t.csv"
    _rows(data)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        code = main(
            [
                "audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g",
                "--html", str(tmp_path / "r.html"),
            ]
        )  # fmt: skip
    err = capsys.readouterr().err
    assert code in (0, 1), err
    assert "Glyph" not in err
    assert "missing from font" not in err
    assert (tmp_path / "r.html").is_file()


def test_literal_figure_writes_a_tab_as_its_escape_and_is_idempotent():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ethiclens._text import literal_figure

    fig, ax = plt.subplots()
    ax.bar([0, 1], [1, 2])
    ax.set_xticks([0, 1], ["a\tb", "c"])
    ax.set_title("group a\tb")
    literal_figure(fig)
    literal_figure(fig)
    assert ax.get_title() == "group a\\tb"
    fig.canvas.draw()
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert "a\\tb" in labels
    plt.close(fig)
