"""Round 39 review of cdfad21b (rev_l): a password in a name is masked in every chart, not
only the report's. The experiments' figures (the PCER paper's figure 1, the P2NIA figures)
drew a data set or model named ``postgresql://u:hunter2@h/db`` whole (SVG text, PNG pixels)
while their Markdown tables said ``u:***@``; ``_text.literal_figure(fig, mask=...)`` now masks
in the one pass every chart takes, and the report's and the experiments' charts give it
``mask_secrets``."""

import matplotlib

matplotlib.use("Agg")

import pandas as pd  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from ethiclens._text import literal_figure  # noqa: E402
from ethiclens.experiments._tables import figure1  # noqa: E402

SECRET = "postgresql://u:hunter2@h/db"


def test_figure1_masks_a_password_in_a_data_set_name(tmp_path):
    seeds = pd.DataFrame(
        {
            "dataset": SECRET,
            "attribute": "race",
            "epsilon_key": ["1.0", "1.0", "none", "none"],
            "dp_gap": [0.1, 0.2, 0.15, 0.25],
            "dpcer": [0.01, 0.02, 0.03, 0.01],
        }
    )
    paths = figure1(seeds, tmp_path, combos=((SECRET, "race"),))
    svg = next(p for p in paths if str(p).endswith(".svg")).read_text(encoding="utf-8")
    assert "hunter2" not in svg and "u:***@h/db / race" in svg


def test_without_a_mask_the_text_is_drawn_as_written():
    fig = Figure()
    ax = fig.add_subplot()
    ax.set_xticks([0, 1], [SECRET, "a:b"])
    ax.set_title("x@y C++")
    literal_figure(fig)
    fig.canvas.draw()
    shown = " ".join(t.get_text() for t in fig.findobj(Text))
    assert SECRET in shown and "a:b" in shown and "x@y C++" in shown
