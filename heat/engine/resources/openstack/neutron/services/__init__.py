"""Neutron's advanced services: metering, and the types whose extension comes in another
package (VPNaaS, FWaaS, Tap as a Service, L2 gateways, service function chaining, and the
NSX network gateway); a type whose extension Neutron lacks is unavailable."""
