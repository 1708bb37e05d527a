// The live view of heat's stacks: a single page over the native API (/v1), with the
// caller's Keystone token. Routes are URL fragments:
//   #/                                      the project's stacks
//   #/stacks/NAME/ID                        a stack's dependency graph, followed live
//   #/stacks/NAME/ID/change_sets/NAME       a change set's diff, executable from here
"use strict";

const NODE_WIDTH = 168;
const NODE_HEIGHT = 38;
const GAP_X = 14;
const GAP_Y = 34;
const ROW_GAP = 12;
const MAX_PER_ROW = 12;
const EVENTS_SHOWN = 150;
const RECONNECT_MS = 1000;
const REFRESH_MS = 800;
const SVG = "http://www.w3.org/2000/svg";

// Everything the page knows; also what the browser tests read.
const view = {
  session: JSON.parse(sessionStorage.getItem("heat-session") || "null"),
  login: true,
  stack: null,
  nodes: new Map(),
  streamEvents: 0,
  streamOpen: false,
  stream: null,
  refreshTimer: null,
};
window.heatView = view;

// ---- small helpers -------------------------------------------------------------------

function el(tag, attributes = {}, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "onclick" || name === "onsubmit") made[name] = value;
    else made.setAttribute(name, value);
  }
  for (const child of children.flat(Infinity)) {
    made.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return made;
}

function svg(tag, attributes = {}) {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

// "CREATE_IN_PROGRESS" -> "IN_PROGRESS"; what a node's colour says.
function statusOf(combined) {
  for (const status of ["IN_PROGRESS", "COMPLETE", "FAILED"]) {
    if (combined.endsWith(status)) return combined === "DELETE_COMPLETE" ? combined : status;
  }
  return "UNKNOWN";
}

function waiting(combined) {
  return combined === "INIT_COMPLETE";
}

function badge(combined, id) {
  return el("span", { class: "badge " + statusOf(combined), ...(id ? { id } : {}) }, combined);
}

function shown(value) {
  return value === undefined ? "—" : JSON.stringify(value, null, 1);
}

function show(...children) {
  const main = document.getElementById("main");
  main.replaceChildren(...children);
}

function crumbs(...parts) {
  document.getElementById("crumbs").replaceChildren(
    ...parts.flatMap((part, index) => (index ? [" › ", part] : [part]))
  );
}

function failure(error) {
  return el("p", { class: "error" }, error.message || String(error));
}

// ---- the API -------------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function headers(extra = {}) {
  const sent = { Accept: "application/json", ...extra };
  if (view.session && view.session.token) sent["X-Auth-Token"] = view.session.token;
  return sent;
}

function projectUrl(path) {
  return "/v1/" + encodeURIComponent(view.session.project_id) + path;
}

async function api(method, path, body) {
  const options = { method, headers: headers() };
  if (body !== undefined) {
    options.body = JSON.stringify(body);
    options.headers["Content-Type"] = "application/json";
  }
  const answer = await fetch(projectUrl(path), options);
  if (answer.status === 401) {
    logout();
    throw new ApiError(401, "Your token was refused: log in again.");
  }
  const text = await answer.text();
  const json = text ? JSON.parse(text) : null;
  if (!answer.ok) {
    const error = (json && json.error) || {};
    throw new ApiError(answer.status, error.message || json?.explanation || answer.statusText);
  }
  return json;
}

function stackPath(name, id) {
  return "/stacks/" + encodeURIComponent(name) + "/" + encodeURIComponent(id);
}

// ---- log in --------------------------------------------------------------------------

function saveSession(session) {
  view.session = session;
  sessionStorage.setItem("heat-session", JSON.stringify(session));
}

function logout() {
  view.session = null;
  sessionStorage.removeItem("heat-session");
  route();
}

function field(label, name, type = "text", value = "") {
  return [el("label", { for: name }, label), el("input", { id: name, name, type, value })];
}

function loginPage(message) {
  crumbs("Log in");
  const form = el(
    "form",
    { class: "login", id: "login" },
    message ? el("p", { class: "error" }, message) : "",
    view.login
      ? [
          field("User", "username"),
          field("Password", "password", "password"),
          field("Project", "project_name"),
          field("Domain", "user_domain_name", "text", "Default"),
          el("p", { class: "muted" }, "Or use a token you already have:"),
          field("Token", "token", "password"),
          field("Project ID (with a token)", "project_id"),
        ]
      : [el("p", { class: "muted" }, "This heat needs no login."), field("Project", "project_id", "text", "admin")],
    el("p", {}, el("button", { class: "primary", type: "submit" }, "Open"))
  );
  form.onsubmit = async (submitted) => {
    submitted.preventDefault();
    const value = (name) => (form.elements[name] ? form.elements[name].value.trim() : "");
    try {
      if (!view.login || value("token")) {
        saveSession({ token: value("token") || null, project_id: value("project_id"), user_name: "" });
      } else {
        saveSession(await logIn(value));
      }
      route();
    } catch (error) {
      loginPage(error.message);
    }
  };
  show(form);
}

async function logIn(value) {
  const answer = await fetch("tokens", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      username: value("username"),
      password: value("password"),
      project_name: value("project_name"),
      user_domain_name: value("user_domain_name"),
      project_domain_name: value("user_domain_name"),
    }),
  });
  const json = await answer.json();
  if (!answer.ok) throw new Error(json.error.message);
  return json;
}

function whoAmI() {
  const who = document.getElementById("who");
  if (!view.session) return who.replaceChildren();
  const name = view.session.user_name || "";
  const project = view.session.project_name || view.session.project_id;
  who.replaceChildren(
    (name ? name + " · " : "") + "project " + project,
    el("button", { onclick: logout, id: "logout" }, "Log out")
  );
}

// ---- the stacks of the project -------------------------------------------------------

async function stacksPage() {
  crumbs("Stacks");
  const { stacks } = await api("GET", "/stacks");
  const rows = stacks.map((stack) =>
    el(
      "tr",
      {},
      el("td", {}, el("a", { href: "#" + stackPath(stack.stack_name, stack.id) }, stack.stack_name)),
      el("td", {}, badge(stack.stack_status)),
      el("td", { class: "muted" }, stack.updated_time || stack.creation_time)
    )
  );
  show(
    el("h1", {}, "Stacks"),
    stacks.length
      ? el("table", { id: "stacks" }, el("tr", {}, el("th", {}, "Name"), el("th", {}, "Status"), el("th", {}, "Updated")), rows)
      : el("p", { class: "muted" }, "No stacks in this project.")
  );
}

// ---- the dependency graph ------------------------------------------------------------

// Each resource's layer is one more than the deepest resource it requires; a layer wider
// than MAX_PER_ROW wraps into several rows. Within a layer, resources sit near what they
// require (mean position of their requirements), then by name.
function layout(resources) {
  const requires = new Map(resources.map((resource) => [resource.resource_name, []]));
  for (const resource of resources) {
    for (const dependant of resource.required_by || []) {
      if (requires.has(dependant)) requires.get(dependant).push(resource.resource_name);
    }
  }
  const layerOf = new Map();
  const depth = (name, seen = new Set()) => {
    if (layerOf.has(name)) return layerOf.get(name);
    if (seen.has(name)) return 0;
    seen.add(name);
    const layer = Math.max(-1, ...requires.get(name).map((required) => depth(required, seen))) + 1;
    layerOf.set(name, layer);
    return layer;
  };
  const layers = [];
  for (const name of [...requires.keys()].sort()) {
    const layer = depth(name);
    (layers[layer] = layers[layer] || []).push(name);
  }
  const position = new Map();
  let y = 10;
  let width = 0;
  for (const names of layers.filter(Boolean)) {
    const mean = (name) => {
      const xs = requires.get(name).map((required) => position.get(required)?.x ?? 0);
      return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
    };
    names.sort((a, b) => mean(a) - mean(b) || a.localeCompare(b));
    for (let start = 0; start < names.length; start += MAX_PER_ROW) {
      names.slice(start, start + MAX_PER_ROW).forEach((name, column) => {
        position.set(name, { x: 10 + column * (NODE_WIDTH + GAP_X), y });
      });
      width = Math.max(width, Math.min(names.length, MAX_PER_ROW) * (NODE_WIDTH + GAP_X));
      y += NODE_HEIGHT + ROW_GAP;
    }
    y += GAP_Y - ROW_GAP;
  }
  return { position, requires, width: width + 20, height: y };
}

function label(text, limit) {
  return text.length > limit ? text.slice(0, limit - 1) + "…" : text;
}

function drawGraph(resources, onSelect) {
  const { position, requires, width, height } = layout(resources);
  // Scaled to the box's width (never above its own size) until the user zooms in.
  const drawing = svg("svg", { id: "graph", viewBox: `0 0 ${width} ${height}`, style: `max-width: ${width}px` });
  drawing.dataset.width = width;
  const edges = svg("g");
  drawing.append(edges);
  for (const [name, required] of requires) {
    for (const requirement of required) {
      const from = position.get(requirement);
      const to = position.get(name);
      const x1 = from.x + NODE_WIDTH / 2, y1 = from.y + NODE_HEIGHT;
      const x2 = to.x + NODE_WIDTH / 2, y2 = to.y;
      const bend = (y2 - y1) / 2;
      edges.append(
        svg("path", {
          class: "edge",
          "data-from": requirement,
          "data-to": name,
          d: `M${x1},${y1} C${x1},${y1 + bend} ${x2},${y2 - bend} ${x2},${y2}`,
        })
      );
    }
  }
  view.nodes = new Map();
  for (const resource of resources) {
    const at = position.get(resource.resource_name);
    const node = svg("g", { class: "node", "data-name": resource.resource_name, transform: `translate(${at.x},${at.y})` });
    const title = svg("title");
    const name = svg("text", { x: 8, y: 15 });
    name.textContent = label(resource.resource_name, 26);
    const type = svg("text", { x: 8, y: 30, class: "type" });
    type.textContent = label(resource.resource_type, 32);
    node.append(svg("rect", { width: NODE_WIDTH, height: NODE_HEIGHT }), name, type, title);
    node.addEventListener("click", () => onSelect(resource.resource_name));
    drawing.append(node);
    view.nodes.set(resource.resource_name, { resource, node, title });
    paint(resource.resource_name);
  }
  return drawing;
}

// Colour a node by its resource's current status.
function paint(name) {
  const entry = view.nodes.get(name);
  if (!entry) return;
  const combined = entry.resource.resource_status;
  const status = waiting(combined) ? "WAITING" : statusOf(combined);
  const kept = [...entry.node.classList].filter((cls) => cls === "node" || cls === "selected" || cls.startsWith("change-"));
  entry.node.setAttribute("class", [...kept, status].join(" "));
  entry.node.setAttribute("data-status", combined);
  entry.title.textContent = `${name} (${entry.resource.resource_type})\n${combined}` +
    (entry.resource.resource_status_reason ? `\n${entry.resource.resource_status_reason}` : "");
}

function zoom() {
  const graph = document.getElementById("graph");
  const actual = graph.style.width === "";
  graph.style.width = actual ? graph.dataset.width + "px" : "";
  document.getElementById("zoom").textContent = actual ? "Fit" : "Actual size";
}

function counts() {
  const tally = {};
  for (const { resource } of view.nodes.values()) {
    const status = waiting(resource.resource_status) ? "waiting" : statusOf(resource.resource_status).toLowerCase().replace("_", " ");
    tally[status] = (tally[status] || 0) + 1;
  }
  const box = document.getElementById("counts");
  if (box) box.replaceChildren(...Object.entries(tally).sort().map(([status, count]) => el("span", { "data-status": status }, `${count} ${status}`)));
}

// ---- a stack, followed live ----------------------------------------------------------

function stopStream() {
  if (view.stream) view.stream.abort();
  view.stream = null;
  view.streamOpen = false;
  clearTimeout(view.refreshTimer);
}

function select(name) {
  for (const [each, { node }] of view.nodes) node.classList.toggle("selected", each === name);
  for (const edge of document.querySelectorAll("path.edge")) {
    edge.classList.toggle("near", edge.dataset.from === name || edge.dataset.to === name);
  }
  const { resource } = view.nodes.get(name);
  const nested = (resource.links || []).find((link) => link.rel === "nested");
  const rows = [
    ["Type", resource.resource_type],
    ["Status", resource.resource_status],
    ["Reason", resource.resource_status_reason || ""],
    ["Physical ID", resource.physical_resource_id || ""],
    ["Required by", (resource.required_by || []).join(", ")],
  ];
  const details = document.getElementById("details");
  details.replaceChildren(
    el("h2", {}, name),
    el("table", {}, rows.map(([key, value]) => el("tr", {}, el("th", {}, key), el("td", {}, value)))),
    nested ? el("p", {}, el("a", { href: "#" + new URL(nested.href).pathname.replace(/^\/v1\/[^/]+/, "") }, "Open the nested stack")) : ""
  );
}

function logEvent(event) {
  const box = document.getElementById("events");
  if (!box) return;
  box.prepend(
    el("div", {}, el("span", { class: "muted" }, event.event_time + " "), el("b", {}, event.resource_name), " " + event.resource_status + " ", el("span", { class: "muted" }, event.resource_status_reason || ""))
  );
  while (box.childElementCount > EVENTS_SHOWN) box.lastChild.remove();
}

// A heat event moves a node (or the stack itself) to its new status; a resource not drawn
// yet (added by an update) redraws the graph from the resource list.
function apply(event) {
  view.streamEvents += 1;
  logEvent(event);
  const stack = view.stack;
  if (event.resource_name === stack.stack_name && event.physical_resource_id === stack.id) {
    stack.stack_status = event.resource_status;
    document.getElementById("stack-status").replaceWith(badge(event.resource_status, "stack-status"));
    if (!event.resource_status.endsWith("IN_PROGRESS")) scheduleRefresh();
    return;
  }
  const entry = view.nodes.get(event.resource_name);
  if (!entry) return scheduleRefresh();
  Object.assign(entry.resource, {
    resource_status: event.resource_status,
    resource_status_reason: event.resource_status_reason,
    physical_resource_id: event.physical_resource_id,
  });
  paint(event.resource_name);
  counts();
}

function scheduleRefresh() {
  clearTimeout(view.refreshTimer);
  view.refreshTimer = setTimeout(refreshGraph, REFRESH_MS);
}

async function refreshGraph() {
  if (!view.stack) return;
  const { resources } = await api("GET", stackPath(view.stack.stack_name, view.stack.id) + "/resources");
  document.getElementById("graph").replaceWith(drawGraph(resources, select));
  counts();
}

// Server-sent events over fetch (EventSource cannot send the token header); reconnects
// from the last event id whenever the stream ends.
async function follow(path, lastId) {
  const controller = new AbortController();
  view.stream = controller;
  while (view.stream === controller) {
    try {
      const extra = { Accept: "text/event-stream" };
      if (lastId) extra["Last-Event-ID"] = lastId;
      const answer = await fetch(projectUrl(path + "/events"), { headers: headers(extra), signal: controller.signal });
      if (answer.status === 401) return logout();
      if (answer.status === 403 || answer.status === 404) {
        // The stack is gone (deleted) or no longer ours to see: nothing more will come.
        view.stream = null;
        return;
      }
      if (!answer.ok) throw new ApiError(answer.status, answer.statusText);
      view.streamOpen = true;
      const reader = answer.body.getReader();
      const decoder = new TextDecoder();
      let buffered = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffered.indexOf("\n\n")) >= 0) {
          const frame = parseFrame(buffered.slice(0, end));
          buffered = buffered.slice(end + 2);
          if (frame && frame.event === "heat-event") {
            lastId = frame.id;
            apply(JSON.parse(frame.data));
          }
        }
      }
    } catch (error) {
      if (controller.signal.aborted) return;
    }
    view.streamOpen = false;
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
}

function parseFrame(text) {
  const frame = {};
  for (const line of text.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(": ");
    frame[line.slice(0, colon)] = line.slice(colon + 2);
  }
  return frame.event ? frame : null;
}

async function stackPage(name, id) {
  const path = stackPath(name, id);
  crumbs(el("a", { href: "#/" }, "Stacks"), name);
  const [{ stack }, { resources }, changeSets] = await Promise.all([
    api("GET", path),
    api("GET", path + "/resources"),
    api("GET", path + "/change_sets").catch(() => ({ change_sets: [] })),
  ]);
  view.stack = stack;
  view.streamEvents = 0;
  show(
    el("h1", {}, stack.stack_name, " ", badge(stack.stack_status, "stack-status")),
    el("p", {}, el("span", { id: "counts" }), el("button", { id: "zoom", onclick: zoom }, "Actual size")),
    el(
      "div",
      { class: "layout" },
      el("div", { id: "graph-box" }, drawGraph(resources, select)),
      el(
        "aside",
        {},
        el("div", { class: "panel", id: "details" }, el("p", { class: "muted" }, "Select a resource to see it here.")),
        el("div", { class: "panel" }, el("h2", {}, "Change sets"), changeSetList(path, changeSets.change_sets)),
        el("div", { class: "panel" }, el("h2", {}, "Events"), el("div", { id: "events" }))
      )
    )
  );
  counts();
  follow(path, null);
}

function changeSetList(path, changeSets) {
  if (!changeSets.length) return el("p", { class: "muted" }, "None.");
  return el(
    "ul",
    { id: "change-sets" },
    changeSets.map((changeSet) =>
      el("li", {}, el("a", { href: "#" + path + "/change_sets/" + encodeURIComponent(changeSet.name) }, changeSet.name), " ", el("span", { class: "muted" }, changeSet.execution_status))
    )
  );
}

// ---- a change set's diff -------------------------------------------------------------

const KINDS = [
  ["added", "+ added"],
  ["updated", "~ updated in place"],
  ["replaced", "± replaced"],
  ["deleted", "− deleted"],
];

const REASONS = {
  properties: "properties that cannot change in place",
  resource_type: "a new resource type",
  failed: "its failure (a failed resource is made anew)",
  resource_plugin: "its type's own decision on",
};

function propertyRows(item) {
  const changes = item.changes || {};
  const rows = (changes.properties || []).map((change) =>
    el(
      "tr",
      { class: "diff", "data-property": change.name },
      el("td", {}, change.name),
      el("td", { class: "old" }, el("code", {}, shown(change.old))),
      el("td", { class: "new" }, el("code", {}, shown(change.new))),
      el("td", {}, change.replaces ? el("b", {}, "forces replacement") : "in place")
    )
  );
  for (const changed of changes.fields || []) {
    rows.push(el("tr", { class: "diff" }, el("td", {}, changed.name), el("td", { class: "old" }, el("code", {}, shown(changed.old))), el("td", { class: "new" }, el("code", {}, shown(changed.new))), el("td", {}, "")));
  }
  return rows;
}

function changeBlock(kind, title, item) {
  const changes = item.changes || {};
  const notes = [];
  const replacement = changes.replacement;
  if (replacement) {
    const named = replacement.properties.length ? ": " + replacement.properties.join(", ") : "";
    notes.push("Replaced because of " + REASONS[replacement.reason] + named);
  }
  if ((changes.required_by || []).length) notes.push("Required by: " + changes.required_by.join(", "));
  const rows = propertyRows(item);
  return el(
    "div",
    { class: "panel change", "data-kind": kind, "data-resource": item.resource_name },
    el("h2", {}, el("span", { class: "kind " + kind }, title), " ", item.resource_name, " ", el("span", { class: "muted" }, item.resource_type)),
    notes.map((note) => el("p", { class: "muted" }, note)),
    rows.length ? el("table", {}, el("tr", {}, el("th", {}, "Property"), el("th", {}, "Now"), el("th", {}, "After"), el("th", {}, "")), rows) : ""
  );
}

async function changeSetPage(name, id, changeSetName) {
  const path = stackPath(name, id);
  crumbs(el("a", { href: "#/" }, "Stacks"), el("a", { href: "#" + path }, name), changeSetName);
  const [{ change_set: changeSet }, { resources }] = await Promise.all([
    api("GET", path + "/change_sets/" + encodeURIComponent(changeSetName)),
    api("GET", path + "/resources"),
  ]);
  view.stack = null;
  const changes = changeSet.changes || {};
  const graph = drawGraph(resources, () => {});
  for (const [kind] of KINDS) {
    for (const item of changes[kind] || []) view.nodes.get(item.resource_name)?.node.classList.add("change-" + kind);
  }
  const execute = el("button", { class: "primary", id: "execute" }, "Execute");
  execute.disabled = changeSet.execution_status !== "AVAILABLE";
  execute.onclick = async () => {
    execute.disabled = true;
    await api("POST", path + "/change_sets/" + encodeURIComponent(changeSetName) + "/execute");
    location.hash = "#" + path;
  };
  const blocks = KINDS.flatMap(([kind, title]) => (changes[kind] || []).map((item) => changeBlock(kind, title, item)));
  show(
    el("h1", {}, "Change set ", changeSet.name, " ", el("span", { class: "badge", id: "execution-status" }, changeSet.execution_status)),
    el("p", { class: "muted" }, changeSet.description || "", changeSet.status_reason ? " — " + changeSet.status_reason : ""),
    el("p", {}, execute),
    el("div", { class: "layout" }, el("div", { id: "changes" }, blocks.length ? blocks : el("p", { class: "muted" }, "No changes.")), el("div", { id: "graph-box" }, graph))
  );
}

// ---- routing -------------------------------------------------------------------------

async function route() {
  stopStream();
  whoAmI();
  if (!view.session) return loginPage();
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === "stacks" && parts.length === 3) await stackPage(parts[1], parts[2]);
    else if (parts[0] === "stacks" && parts[3] === "change_sets" && parts.length === 5) await changeSetPage(parts[1], parts[2], parts[4]);
    else await stacksPage();
  } catch (error) {
    if (view.session) show(failure(error));
  }
}

async function start() {
  const config = await (await fetch("config.json")).json();
  view.login = config.login;
  window.addEventListener("hashchange", route);
  route();
}

start();
