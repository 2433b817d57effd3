// Request and response schemas of the /bff/v1/income/* calls.
export {};
