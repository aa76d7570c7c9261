// Endpoints of the articles area (see README "The API contract").
export {};
