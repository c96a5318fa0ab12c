"""One table says how each status reads on every face (fairness.STATUS_LOOKS): the HTML view,
the report's charts, the terminal and the threshold grid all read it, so a status is added or
recoloured in one place."""

from ethiclens.fairness import STATUS_LOOKS, STATUS_ORDER, STATUSES, StatusLook
from ethiclens.fairness._display import status_html
from ethiclens.report import STATUS_ORDER as REPORT_ORDER
from ethiclens.report._plots import STATUS_COLOUR, STATUS_MARKER
from ethiclens.report._terminal import _THRESHOLD_MARKS, STATUS_STYLE


def test_every_status_has_one_look_and_every_face_reads_it(monkeypatch):
    assert set(STATUS_LOOKS) == set(STATUSES)
    assert all(isinstance(look, StatusLook) for look in STATUS_LOOKS.values())
    for status, look in STATUS_LOOKS.items():
        assert STATUS_COLOUR[status] == look.chart and STATUS_MARKER[status] == look.marker
        assert STATUS_STYLE[status] == look.terminal and _THRESHOLD_MARKS[status] == look.mark
        html = status_html(status)
        assert f"color:{look.html};" in html and f">{look.words}</span>" in html


def test_words_beside_colour_and_distinct_judged_looks():
    judged = [STATUS_LOOKS[s] for s in ("FLAGGED", "INCONCLUSIVE", "PASS")]
    # colour alone is not enough: words and markers tell the judged statuses apart too
    for field in ("words", "html", "chart", "marker", "mark"):
        assert len({getattr(look, field) for look in judged}) == 3, field


def test_one_order_of_statuses_for_the_engine_and_the_report():
    assert REPORT_ORDER is STATUS_ORDER
    from ethiclens.fairness._policy import comparison_status

    assert comparison_status(["PASS", "INSUFFICIENT_DATA"]) == "INSUFFICIENT_DATA"
    assert comparison_status(["PASS", "INCONCLUSIVE", "FLAGGED"]) == "FLAGGED"


def test_an_unknown_status_reads_as_its_name():
    assert ">made up</span>" in status_html("MADE UP")
