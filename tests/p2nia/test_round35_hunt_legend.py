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
