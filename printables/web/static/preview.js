// Live preview: as the form changes, ask the server for the board and setup drawings, the
// messages for bad values and the matching commands. Downloads work without this script.
(() => {
  const form = document.getElementById("choices");
  if (!form) return;
  let timer = null;
  let asked = 0;

  const fields = () => {
    const params = new URLSearchParams(new FormData(form));
    params.delete("file");
    return params;
  };

  const showErrors = (errors) => {
    document.querySelectorAll("[data-error-for]").forEach((el) => {
      const name = el.dataset.errorFor;
      const message = errors[name] || "";
      el.textContent = message;
      const input = form.elements.namedItem(name);
      if (input) input.setAttribute("aria-invalid", message ? "true" : "false");
    });
  };

  const showPreview = (body) => {
    const board = document.getElementById("board-preview");
    const facts = document.getElementById("board-facts");
    const setup = document.getElementById("setup-preview");
    board.classList.toggle("stale", !body.board_svg);
    setup.classList.toggle("stale", !body.board_svg);
    if (!body.board_svg) {
      facts.textContent = "fix the values marked in the form to see the board";
      return;
    }
    board.innerHTML = body.board_svg.slice(body.board_svg.indexOf("<svg"));
    facts.innerHTML = "";
    const spaces = document.createElement("span");
    spaces.id = "spaces";
    spaces.textContent = body.spaces;
    facts.append(spaces, ` spaces · sheet ${body.sheet_mm[0]} x ${body.sheet_mm[1]} mm`);
    setup.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(body.setup_svg);
    setup.hidden = false;
  };

  const update = async () => {
    const mine = ++asked;
    const params = fields();
    form.setAttribute("aria-busy", "true");
    let body;
    try {
      const resp = await fetch(`${form.dataset.preview}?${params}`);
      body = await resp.json();
    } catch (err) {
      body = null;
    }
    if (mine !== asked) return; // a newer change is on its way
    form.removeAttribute("aria-busy");
    if (!body) return;
    showErrors(body.errors || {});
    for (const [key, line] of Object.entries(body.commands || {})) {
      const el = document.querySelector(`[data-command="${key}"]`);
      if (el) el.textContent = line;
    }
    showPreview(body);
    history.replaceState(null, "", `${form.action}?${params}`);
    document.body.dataset.previewed = String(mine);
  };

  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(update, 250);
  };
  form.addEventListener("input", soon);
  form.addEventListener("change", soon);
})();
