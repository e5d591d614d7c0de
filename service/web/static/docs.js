// GET /docs: Swagger UI (shipped by flask-swagger-ui) rendering the service's own openapi.yaml.
window.SwaggerUIBundle({
  url: "/openapi.yaml",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,  // no call to an outside validator: the page works offline
});
