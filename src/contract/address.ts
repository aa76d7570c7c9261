// Endpoints of the address area (see README "The API contract").
export {};
