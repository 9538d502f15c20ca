"""A stand-in for the `requests` package on machines whose python3 lacks it (the tests need only python3).

It covers what the generated snippets use: requests.post(url, headers=, json= | data=, stream=), and a response's
.status_code, .headers, .content, .text, .json() and .iter_lines(). Where the real package is installed (CI), the
snippets run with it and this folder is not on PYTHONPATH.
"""
from . import sessions


def post(url, **kwargs):
    return sessions.Session().request("POST", url, **kwargs)


def get(url, **kwargs):
    return sessions.Session().request("GET", url, **kwargs)
