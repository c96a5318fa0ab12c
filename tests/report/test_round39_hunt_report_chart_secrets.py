"""Round 39 (hunt_report): a password in a group or attribute name is masked in the charts, as
in the report's text. A group named ``postgresql://u:hunter2@h/db`` (or an attribute with
``?token=``) was drawn whole in the SVG charts embedded in the HTML report and in the
threshold PNG: the report's text said ``u:***@``, its pictures the password."""

import matplotlib

matplotlib.use("Agg")

from matplotlib.figure import Figure  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from ethiclens.report._plots import literal_figure  # noqa: E402

SECRET_GROUP = "postgresql://u:hunter2@h/db"
SECRET_TITLE = "src https://x/?token=tok777"


def _texts(fig) -> str:
    fig.canvas.draw()  # tick labels are made from their formatter when drawn
    return " ".join(t.get_text() for t in fig.findobj(Text))


def test_every_chart_text_has_its_password_masked():
    fig = Figure()
    ax = fig.add_subplot()
    ax.barh([0, 1], [0.5, 0.7])
    ax.set_yticks([0, 1], [SECRET_GROUP, "plain"])  # a group name as a tick label
    ax.set_title(SECRET_TITLE)
    ax.plot([0, 1], [0, 1], label=SECRET_GROUP)
    ax.legend()
    ax.text(0.1, 0.1, f"{SECRET_GROUP} (ECE 0.1)")
    shown = _texts(literal_figure(fig))
    assert "hunter2" not in shown and "tok777" not in shown
    assert "postgresql://u:***@h/db" in shown and "plain" in shown
