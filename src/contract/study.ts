// Endpoints of the study area (see README "The API contract").
export {};
