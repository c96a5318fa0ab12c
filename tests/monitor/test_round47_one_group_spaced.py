"""Round 47 (review of the spaced-names class, a monitor sibling): the note of an attribute
with one group so far named its group bare, 'g has one group so far ( a): nothing to compare yet'
(a browser folds the spaces of the dashboard's note: ' a' read 'a'), where the monitor's
comparisons and other notes quote such a name. It now says g has one group so far (' a');
other names as before."""

from ethiclens.monitor import MonitorRequest, run_monitor


def test_the_one_group_note_quotes_a_spaced_group_and_attribute(tmp_path):
    rows = ["t,y,p,g"]
    rows += [f"2024-01-0{d + 1}T0{i}:00:00Z,{i % 2},{i % 2}, a" for d in range(3) for i in range(8)]
    (tmp_path / "d.csv").write_text("\n".join(rows) + "\n")
    request = MonitorRequest(
        target=str(tmp_path / "d.csv"),
        time="t",
        window="1d",
        y_true="y",
        y_pred="p",
        protected=("g",),
        n_draws=100,
    )
    notes = run_monitor(request, tmp_path / "s.db", warn=False).to_dict()["run"]["notes"]
    assert any("g has one group so far (' a')" in n for n in notes), notes
