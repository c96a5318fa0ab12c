"""A PostgreSQL store the role cannot use ended in a psycopg traceback (CLI exit 1): a schema
named pg_temp (ReservedName), pg_catalog or pg_toast (InsufficientPrivilege: system catalog),
information_schema was written into, ``schema=`` given twice took the last silently, and a
schema the role may not create tables in (USAGE only) raised InsufficientPrivilege. Each is now
one refusal of option '--store' naming the schema (exit 2), the password masked."""

import uuid

import pytest

from ethiclens.cli import main

from .conftest import PASSWORD, write_days

FLAGS = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--protected", "race=White"]


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return write_days(tmp_path_factory.mktemp("feed"), range(2), n=60)


def _refused(capsys, data, store) -> str:
    rc = main(["monitor", str(data), *FLAGS, "--store", store])
    err = capsys.readouterr().err
    assert rc == 2, err
    assert "Traceback" not in err and PASSWORD not in err
    return err


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("schema=pg_temp", "its schema pg_temp is PostgreSQL's own"),
        ("schema=pg_catalog", "its schema pg_catalog is PostgreSQL's own"),
        ("schema=information_schema", "its schema information_schema is PostgreSQL's own"),
        ("schema=a_one&schema=b_two", "it names 2 schemas (schema= given 2 times)"),
    ],
)
def test_a_system_or_doubled_schema_is_refused(pg_url, capsys, data, query, said):
    err = _refused(capsys, data, f"{pg_url}&{query}")
    assert said in err and "option '--store'" in err


def test_a_schema_the_role_may_not_write_is_refused_in_one_line(pg_url, capsys, data):
    import psycopg

    role, schema = f"r41_{uuid.uuid4().hex[:8]}", "r41_not_theirs"
    admin = "postgresql://" + pg_url.split("://", 1)[1]
    with psycopg.connect(admin, autocommit=True) as con:
        con.execute(f"CREATE ROLE {role} LOGIN PASSWORD '{PASSWORD}'")
        con.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
        con.execute(f"GRANT USAGE ON SCHEMA {schema} TO {role}")
    try:
        url = pg_url.replace("ethiclens:", f"{role}:", 1) + f"&schema={schema}"
        err = _refused(capsys, data, url)
        assert f"this role may not use the schema {schema} as a store" in err
        assert "permission denied" in err and "GRANT USAGE, CREATE ON SCHEMA" in err
    finally:
        with psycopg.connect(admin, autocommit=True) as con:
            con.execute(f"DROP OWNED BY {role}")
            con.execute(f"DROP ROLE {role}")


def test_a_store_the_role_may_not_read_is_not_called_foreign(pg_url, capsys, data):
    """Tables the role has no right on were hidden (information_schema): a store written by
    another role was 'not an EthicLens monitor store', or 'damaged' with one table granted."""
    import psycopg

    from ethiclens.monitor import read_store

    role, schema = f"r41_{uuid.uuid4().hex[:8]}", "r41_written_by_admin"
    assert main(["monitor", str(data), *FLAGS, "--store", f"{pg_url}&schema={schema}"]) == 0
    capsys.readouterr()
    admin = "postgresql://" + pg_url.split("://", 1)[1]
    with psycopg.connect(admin, autocommit=True) as con:
        con.execute(f"CREATE ROLE {role} LOGIN PASSWORD '{PASSWORD}'")
        con.execute(f"GRANT USAGE ON SCHEMA {schema} TO {role}")
    try:
        url = pg_url.replace("ethiclens:", f"{role}:", 1) + f"&schema={schema}"
        for grant in ("", f"GRANT SELECT ON {schema}.meta TO {role}"):
            if grant:
                with psycopg.connect(admin, autocommit=True) as con:
                    con.execute(grant)
            with pytest.raises(Exception, match="may not use the schema r41_written_by_admin"):
                read_store(url)
            assert "permission denied for table" in _refused(capsys, data, url)
    finally:
        with psycopg.connect(admin, autocommit=True) as con:
            con.execute(f"DROP OWNED BY {role}")
            con.execute(f"DROP ROLE {role}")
