// The payment frame of the iframe-late flow: Pay tells the page that framed it who paid.
const form = document.getElementById('pay-form');
form.addEventListener('submit', (event) => {
  event.preventDefault();
  window.parent.postMessage({ gallery: { paid: document.getElementById('holder').value } }, window.location.origin);
});
