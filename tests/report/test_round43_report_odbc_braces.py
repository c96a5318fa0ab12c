"""Round 43 (report): an ODBC password in braces was masked only up to its first ';'.

``mssql+pyodbc:///?odbc_connect=...PWD%3D%7Bp%3Bss+w0rd%7D...`` (SQLAlchemy's way to pass an
ODBC connection string) was shown as ``PWD%3D***%3Bss+w0rd%7D`` and the string itself as
``PWD=***;ss w0rd}``: the braced value (';' inside, '}' doubled) is now masked whole, by
pattern and as a remembered literal.
"""

from urllib.parse import quote_plus

from ethiclens._secrets import mask_secrets, mask_url, secret_values

RAW = "DRIVER={ODBC Driver 18};SERVER=h;UID=u;PWD={p;ss w0rd};Encrypt=yes"


def test_braced_odbc_password_masked_in_the_url():
    url = "mssql+pyodbc:///?odbc_connect=" + quote_plus(RAW)
    shown = mask_url(url)
    assert "w0rd" not in shown
    assert shown.endswith("PWD%3D***%3BEncrypt%3Dyes")
    assert "p;ss w0rd" in secret_values(url)


def test_braced_odbc_password_masked_in_text():
    assert mask_secrets(RAW) == "DRIVER={ODBC Driver 18};SERVER=h;UID=u;PWD=***;Encrypt=yes"
    assert mask_secrets("PWD={a}}b;c};x=1") == "PWD=***;x=1"
    assert mask_secrets("password=abc host=h") == "password=*** host=h"
