// Endpoints of the user-center area (see README "The API contract").
export {};
