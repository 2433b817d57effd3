// Request and response schemas of the /bff/v1/incentive/* calls.
export {};
