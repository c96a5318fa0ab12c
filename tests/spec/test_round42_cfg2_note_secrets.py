"""A flag's note over a config file's target never prints a database password (round 42, cfg2).

Before: ``--db-env URL`` or ``--db URL`` over a file's ``target.db_env``, a TARGET URL over it,
and any flag over a file's ``db_env`` that was itself a URL printed the password in the note
(``note: --db postgresql://v:s3cr3t@h/x overrides target.db_env = MYDB from a.yaml``): only a
file's ``target.db`` was masked.
"""

from __future__ import annotations

import pytest

from ethiclens.spec import layered_spec, override_note

ROLES = "roles: {y_true: label, y_pred: [pred], protected: [race]}\n"


@pytest.mark.parametrize(
    ("target", "path", "flag", "value"),
    [
        ("db_env: MYDB", "target.db", "--db", "postgresql://v:s3cr3t@h2:1/x"),
        ("db_env: MYDB", "target.db_env", "--db-env", "postgresql://v:s3cr3t@h2:1/x"),
        ("db_env: 'postgresql://u:s3cr3t@h:1/x'", "target.db_env", "--db-env", "MYDB"),
        ("db: 'postgresql://u:s3cr3t@h:1/x'", "target.db", "--db", "sqlite:///d.db"),
        ("db_env: MYDB", "target.db_env", "--db-env", "host=h password=s3cr3t"),
    ],
)
def test_override_notes_mask_passwords(tmp_path, target, path, flag, value):
    config = tmp_path / "a.yaml"
    config.write_text(f"version: 1\ntarget: {{{target}, table: t}}\n{ROLES}", encoding="utf-8")
    _, notes = layered_spec(config, {path: value}, {path: flag})
    assert notes, "the flag replaced the file's target: a note says so"
    assert all("s3cr3t" not in n for n in notes), notes
    assert any(n.startswith(f"note: {flag} ") and "***" in n for n in notes), notes


def test_target_url_over_a_file_target_is_masked(tmp_path):
    config = tmp_path / "a.yaml"
    config.write_text(f"version: 1\ntarget: {{db_env: MYDB, table: t}}\n{ROLES}", encoding="utf-8")
    url = "postgresql://v:s3cr3t@h2:1/x"
    note = override_note("target.db_env", "MYDB", f"TARGET {url}", config)
    shown = "note: TARGET postgresql://v:***@h2:1/x overrides target.db_env = MYDB"
    assert note == f"{shown} from {config}"
