// The upload form: a file over the server's limit is refused here, with the line the
// server would give, before any byte is sent (the server checks again).
(() => {
  const form = document.getElementById("upload");
  if (!form) return;
  const input = document.getElementById("f-game");
  const error = document.getElementById("error-upload");
  const say = (message) => {
    error.textContent = message;
    input.setAttribute("aria-invalid", message ? "true" : "false");
  };
  form.addEventListener("submit", (event) => {
    const file = input.files[0];
    const max = Number(form.dataset.max);
    if (!file) {
      event.preventDefault();
      say("no file was chosen; upload a .zip of the game's folder (the game file with its " +
          "rules text, examples and art) or a .toml game file");
    } else if (file.size > max) {
      event.preventDefault();
      say(`${file.name} is more than ${max} bytes, the most an upload may be; zip only ` +
          "the game's own files");
    }
  });
  input.addEventListener("change", () => say(""));
})();
