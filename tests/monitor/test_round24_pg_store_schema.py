"""A PostgreSQL store in a schema the role owns, where the role may not create schemas (round 24).

``monitor --store postgresql://…?schema=monstore`` ran ``CREATE SCHEMA IF NOT EXISTS``, which
PostgreSQL refuses without CREATE on the database even when the schema exists: a traceback. An
existing schema is now used as it is; a missing one the role may not create is one line.
"""

import json

from ethiclens.cli import main
from tests.conftest import execute_sql

from .conftest import PASSWORD

ROLE, ROLE_PASSWORD = "monrole24", "monrole-24-secret"


def test_a_store_schema_the_role_owns_without_create_on_the_database(
    pg_url, tmp_path, days, capsys
):
    execute_sql(
        pg_url,
        "DROP SCHEMA IF EXISTS monstore24 CASCADE",
        f"DROP ROLE IF EXISTS {ROLE}",
        f"CREATE ROLE {ROLE} LOGIN PASSWORD '{ROLE_PASSWORD}'",
        f"REVOKE CREATE ON DATABASE postgres FROM {ROLE}",
        f"CREATE SCHEMA monstore24 AUTHORIZATION {ROLE}",
    )
    url = pg_url.replace(f"ethiclens:{PASSWORD}@", f"{ROLE}:{ROLE_PASSWORD}@")
    data = days(tmp_path / "data", range(3))
    argv = ["monitor", str(data), "--time", "ts", "--window", "1d", "--y-pred", "pred",
            "--protected", "race=White"]  # fmt: skip
    try:
        out_json = tmp_path / "out.json"
        rc = main([*argv, "--store", url + "&schema=monstore24", "--json", str(out_json)])
        printed = capsys.readouterr()
        assert rc == 0, printed.err
        assert json.loads(out_json.read_text())["run"]["new_windows"] == 3
        # a schema that does not exist and that the role may not create: one line, exit 2
        assert main([*argv, "--store", url + "&schema=nowhere24"]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        assert "nowhere24" in err and "may not create" in err and ROLE_PASSWORD not in err
    finally:
        execute_sql(pg_url, "DROP SCHEMA IF EXISTS monstore24 CASCADE", f"DROP ROLE {ROLE}")
