import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/api-client.ts';

export const invitationsQuery = () =>
  queryOptions({
    queryKey: ['achievement', 'invitations'],
    queryFn: () => post('/bff/v1/achievement/invitations', {}),
  });
export const useInvitations = () => useQuery(invitationsQuery());

export function useCreateInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { inviteeName: string; note: string }) => post('/bff/v1/achievement/invitations/create', body),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsQuery().queryKey }),
  });
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => post('/bff/v1/achievement/invitations/revoke', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsQuery().queryKey }),
  });
}

/** The invitation link as an absolute URL on this site. */
export function invitationUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
