"""heat.common.wsgi: request bodies, JSON answers, Paste loading and the eventlet server."""

import datetime
import os
import signal
import ssl
import subprocess
import sys
import textwrap
import threading
import urllib.request

import eventlet
import pytest
import webob
import webob.exc
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

from heat.common import exception, wsgi
from tests.unit.heat_conf import registered_conf

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


@pytest.fixture
def conf():
    return registered_conf()


def _request(body: bytes, content_type="application/json"):
    request = webob.Request.blank("/", method="POST", body=body)
    request.content_type = content_type
    return request


def test_json_object_body_is_parsed():
    assert wsgi.request_body(_request(b' {"a": 1}'), 100) == {"a": 1}


def test_no_body_is_none():
    assert wsgi.request_body(webob.Request.blank("/", method="POST"), 100) is None


def test_plain_text_json_is_parsed():
    assert wsgi.request_body(_request(b'{"a": 1}', "text/plain"), 100) == {"a": 1}


def test_body_not_starting_with_a_brace_is_ignored():
    assert wsgi.request_body(_request(b"[1, 2]"), 100) is None


def test_other_content_type_is_ignored():
    assert wsgi.request_body(_request(b'{"a": 1}', "application/xml"), 100) is None


def test_invalid_json_is_bad_request():
    with pytest.raises(webob.exc.HTTPBadRequest):
        wsgi.request_body(_request(b'{"a": '), 100)


def test_oversized_body_is_413():
    with pytest.raises(webob.exc.HTTPRequestEntityTooLarge, match="exceeds maximum"):
        wsgi.request_body(_request(b'{"a": "0123456789"}'), 10)


def test_none_result_is_json_null():
    response = wsgi.json_response(None)
    assert (response.status_int, response.body, response.content_type) == (
        200,
        b"null",
        "application/json",
    )


def test_paste_config_is_found_in_the_repository(conf):
    path = wsgi.find_paste_config(conf)
    assert path == os.path.join(REPO, "etc", "heat", "api-paste.ini")


def test_missing_paste_config_is_reported(conf):
    with pytest.raises(exception.ConfigFileNotFound, match="nowhere.ini"):
        wsgi.find_paste_config(conf, "nowhere.ini")


def test_flavor_names_the_pipeline(conf, tmp_path):
    paste = tmp_path / "paste.ini"
    paste.write_text(
        "[app:thing-mine]\npaste.app_factory = tests.unit.common.test_wsgi:hello_factory\n"
    )
    conf.set_override("flavor", "mine", group="paste_deploy")
    app = wsgi.paste_deploy_app(str(paste), "thing", conf)
    assert app.conf is conf


class Hello:
    """A Paste app that remembers the configuration it was built with."""

    def __init__(self, conf):
        self.conf = conf

    def __call__(self, environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"hello"]


def hello_factory(global_conf, **local_conf):
    return Hello(wsgi.conf_from(global_conf))


def _fetch_while_serving(url, tls=None) -> bytes:
    """GET ``url`` from another thread while this one runs the server's green threads."""
    answer = {}

    def fetch():
        with urllib.request.urlopen(url, timeout=5, context=tls) as response:
            answer["body"] = response.read()

    thread = threading.Thread(target=fetch)
    thread.start()
    while thread.is_alive():
        eventlet.sleep(0.01)
    return answer.get("body")


def _listen_locally(conf, workers):
    conf.set_override("bind_host", "127.0.0.1", group="heat_api")
    conf.set_override("bind_port", 0, group="heat_api")
    conf.set_override("workers", workers, group="heat_api")


def test_server_without_workers_serves_from_this_process(conf):
    _listen_locally(conf, 0)
    server = wsgi.Server("heat-api", conf.heat_api)
    server.start(Hello(conf))
    try:
        url = "http://127.0.0.1:%d/" % server.port
        assert _fetch_while_serving(url) == b"hello"
    finally:
        server.stop()


WORKER_SCRIPT = textwrap.dedent(
    """
    import faulthandler, signal, sys
    faulthandler.register(signal.SIGUSR1, all_threads=True)  # the workers inherit it
    from oslo_config import cfg
    from heat.common import config, wsgi
    from tests.unit.common.test_wsgi import Hello
    conf = cfg.ConfigOpts()
    config.register(conf)
    conf([], project="heat", default_config_files=[], default_config_dirs=[])
    conf.set_override("bind_host", "127.0.0.1", group="heat_api")
    conf.set_override("bind_port", 0, group="heat_api")
    conf.set_override("workers", 2, group="heat_api")
    server = wsgi.Server("heat-api", conf.heat_api)
    server.start(Hello(conf))
    signal.signal(signal.SIGTERM, lambda *_: server.request_stop())
    print(server.port, flush=True)
    server.wait()
    """
)


def test_server_with_workers_serves_and_stops_on_sigterm():
    process = subprocess.Popen(
        [sys.executable, "-c", WORKER_SCRIPT], cwd=REPO, stdout=subprocess.PIPE, text=True
    )
    try:
        port = int(process.stdout.readline())
        with urllib.request.urlopen("http://127.0.0.1:%d/" % port, timeout=5) as answer:
            assert answer.read() == b"hello"
        process.send_signal(signal.SIGTERM)
        try:
            assert process.wait(timeout=10) == 0
        except subprocess.TimeoutExpired:
            pytest.fail("still running 10 s after SIGTERM:\n" + _stacks_of(process.pid))
    finally:
        if process.poll() is None:
            process.kill()


def _stacks_of(parent: int) -> str:
    """The Python stacks of ``parent`` and its children, which a hang leaves running, as
    faulthandler writes them on SIGUSR1 (to the test's captured stderr), and their pids."""
    children = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == parent:
                        children.append(int(entry))
            except OSError:
                continue
    for pid in [parent, *children]:
        os.kill(pid, signal.SIGUSR1)
    eventlet.sleep(1)
    for pid in children:
        os.kill(pid, signal.SIGKILL)
    return "parent %d, children %s: stacks in the captured stderr" % (parent, children)


def _self_signed_certificate(tmp_path):
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(x509.oid.NameOID.COMMON_NAME, "localhost")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(now)
        .not_valid_after(now + datetime.timedelta(days=1))
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return str(cert_file), str(key_file)


def test_server_speaks_https_with_cert_and_key(conf, tmp_path):
    _listen_locally(conf, 0)
    cert_file, key_file = _self_signed_certificate(tmp_path)
    conf.set_override("cert_file", cert_file, group="heat_api")
    conf.set_override("key_file", key_file, group="heat_api")
    server = wsgi.Server("heat-api", conf.heat_api)
    server.start(Hello(conf))
    try:
        tls = ssl.create_default_context(cafile=cert_file)
        tls.check_hostname = False
        url = "https://127.0.0.1:%d/" % server.port
        assert _fetch_while_serving(url, tls) == b"hello"
    finally:
        server.stop()
