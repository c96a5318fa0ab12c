"""Round 35 hunt: the P2NIA experiment's figures drew each legend inside the panel
(matplotlib's 'best' place), over a method's points, bars or error bars; as the report's since
this round, it stands beside the panel, inside the figure (nothing cut), the PNG as large as
before."""

import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from ethiclens.experiments import _p2nia_figures as figs


def test_the_legend_stands_beside_the_panel(tmp_path, monkeypatch):
    drawn, save = [], Figure.savefig

    def record(fig, *args, **kwargs):
        drawn.append(fig)
        return save(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", record)
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
    png = figs.write_population_bias_figure(frame, tmp_path / "pop.png")
    (fig,) = drawn
    renderer = FigureCanvasAgg(fig).get_renderer()
    (ax,) = fig.axes
    box, panel = ax.get_legend().get_window_extent(renderer), ax.get_window_extent(renderer)
    assert box.x0 >= panel.x1  # beside the panel, not over it
    assert box.x1 <= fig.bbox.width  # and inside the figure
    assert Image.open(png).size == (768, 504)  # 6.4 x 4.2 in at 120 dpi, as before


def test_a_long_label_is_cut_in_its_middle_and_stays_inside(tmp_path, recwarn):
    """A registered mechanism's long name ran the legend off the PNG ('P2NI') and tight_layout
    warned 'Tight layout not applied'; it is cut in its middle, as the report's labels."""
    fig, ax = figs._subplots(figsize=(6.4, 4.2))
    name = "P2NIA (" + "my-custom-mechanism-" * 5 + ")"
    ax.plot([1, 2], [1, 2], label=name)
    ax.plot([1, 2], [2, 1], label="P2NIA (GRR)")
    figs._save(fig, [ax], tmp_path / "long.png", 7)
    assert not [w for w in recwarn if "Tight layout" in str(w.message)]
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts[1] == "P2NIA (GRR)" and len(texts[0]) <= figs.LEGEND_ROOM
    assert texts[0].startswith("P2NIA (my-custom") and texts[0].endswith("mechanism-)")
    box = ax.get_legend().get_window_extent(FigureCanvasAgg(fig).get_renderer())
    assert box.x1 <= fig.bbox.width
