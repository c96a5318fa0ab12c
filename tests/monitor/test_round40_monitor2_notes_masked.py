"""Round 40 (monitor2): the monitor's notes (a flag overriding the config file, printed by
``ethiclens monitor``) show no password of a group named like a database URL."""

from ethiclens.monitor import monitor_spec


def test_override_note_masks_a_url_password(tmp_path):
    cfg = tmp_path / "monitor.yaml"
    cfg.write_text(
        "target: {file: data.csv}\n"
        "roles: {y_pred: pred, protected: [g]}\n"
        "groups: {exclude: {g: ['postgresql://u:hunter2@h/db']}}\n"
    )
    notes: list = []
    monitor_spec(None, str(cfg), {"exclude_groups": ("g=b",)}, notes=notes)
    assert len(notes) == 1, notes
    assert "hunter2" not in notes[0]
    assert "u:***@h/db" in notes[0]
    assert notes[0].startswith("note: --exclude-group") and "overrides groups.exclude" in notes[0]
