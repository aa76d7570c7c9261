// Endpoints of the binding area (see README "The API contract").
export {};
