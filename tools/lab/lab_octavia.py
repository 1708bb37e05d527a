"""Octavia in the lab: the API under gunicorn and the controller worker, provider
``amphora`` with the noop compute, volume and amphora drivers and the lab's network driver
(real VIP ports, ``heat_lab.octavia_network``): load balancers go ACTIVE without any server
booting.

The worker's create flow still signs a server certificate for every amphora, so a CA
certificate and key are made for it (``state/octavia/ca``). Nothing else is needed on the
noop path: no health manager (no amphora ever sends heartbeats), no housekeeping, no driver
agent (the amphora provider writes statuses straight to the database).
"""

import datetime
import pathlib

import lab_configs
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from lab_layout import Layout


def make_ca(directory: pathlib.Path) -> tuple:
    """A self-signed CA (certificate, unencrypted key) in directory; their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "heat lab octavia CA")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=365))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    certificate_path = directory / "ca.pem"
    key_path = directory / "ca.key"
    certificate_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )
    key_path.chmod(0o600)
    return certificate_path, key_path


def config(layout: Layout, password: str, certificate: pathlib.Path, key: pathlib.Path) -> dict:
    """octavia.conf: the API on the lab's octavia port, noop drivers everywhere."""
    sections = lab_configs.common(layout, "octavia", password)
    sections["DEFAULT"].pop("my_ip")
    sections.update(
        {
            "api_settings": {
                "bind_host": "127.0.0.1",
                "bind_port": layout.ports["octavia"],
                "auth_strategy": "keystone",
                "default_provider_driver": "amphora",
                "enabled_provider_drivers": "amphora:The Octavia Amphora driver.",
            },
            "database": {"connection": layout.database_url("octavia")},
            "controller_worker": {
                "amphora_driver": "amphora_noop_driver",
                "compute_driver": "compute_noop_driver",
                "network_driver": "heat_lab_network_driver",
                "volume_driver": "volume_noop_driver",
                "loadbalancer_topology": "SINGLE",
                "amp_image_tag": "amphora",
                "amp_flavor_id": "lab",
                "amp_boot_network_list": "lab",
                "client_ca": certificate,
            },
            "certificates": {
                "cert_generator": "local_cert_generator",
                "ca_certificate": certificate,
                "ca_private_key": key,
            },
            "haproxy_amphora": {"server_ca": certificate, "client_cert": certificate},
            "task_flow": {"jobboard_enabled": "false"},
            "service_auth": lab_configs.service_auth(layout, "octavia", password),
            # The lab's network driver makes real VIP ports (heat_lab.octavia_network).
            "neutron": dict(
                lab_configs.service_auth(layout, "octavia", password), valid_interfaces="public"
            ),
            "oslo_messaging": {"topic": "octavia_prov"},
        }
    )
    return sections


def write(layout: Layout, password: str) -> pathlib.Path:
    """The CA and octavia.conf; the config file's path."""
    certificate, key = make_ca(layout.state_dir("octavia") / "ca")
    path = layout.config_dir("octavia") / "octavia.conf"
    return lab_configs.write(path, config(layout, password, certificate, key))
