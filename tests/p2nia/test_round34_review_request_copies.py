"""Round 34 review (P2NIA): AuditRequest.to_dict() handed out the request's own lists: a
notebook that edited the dict to make a variant request (``d["protected_domain"].append(...)``,
``d["metrics"].remove(...)``) silently changed the request it came from, and the release
manifest written from it. It returns a copy, as make_request keeps its own copy of the
caller's lists."""

from ethiclens.p2nia import AuditRequest, make_request


def test_editing_to_dict_leaves_the_request_as_it_was():
    req = make_request(100, "sex", epsilon=1.0, protected_domain=["F", "M"])
    d = req.to_dict()
    d["protected_domain"].append("X")
    d["metrics"].remove("dp")
    assert req.protected_domain == ["F", "M"] and req.metrics == ["dp", "eo", "eopp"]
    assert req.to_dict()["protected_domain"] == ["F", "M"]
    variant = AuditRequest.from_dict(d)
    assert variant.protected_domain == ["F", "M", "X"] and variant.metrics == ["eo", "eopp"]
    assert req == make_request(100, "sex", epsilon=1.0, protected_domain=["F", "M"])
