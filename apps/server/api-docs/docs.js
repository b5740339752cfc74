// Starts Swagger UI on the generated description. A file of its own (no inline script), so
// the page runs under the app's Content-Security-Policy.
window.addEventListener('DOMContentLoaded', () => {
  window.SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    // The reference is ours: never send the description to a third-party validator.
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    tryItOutEnabled: false,
    persistAuthorization: false,
    // Requests from the page carry only the key typed into Authorize, never the session cookie.
    requestInterceptor: (request) => {
      request.credentials = 'omit';
      return request;
    },
  });
});
