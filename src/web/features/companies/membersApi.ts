import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationAnswer, InviteInput, Member } from '../../../core/api/members';
import { api } from '../../lib/api';

/** A company's colleagues: not scoped to the sidebar's company (the company is in the path). */
const membersPath = (companyId: number) => `/api/v1/company/${companyId}/members`;
const membersKey = (companyId: number | null) => ['company', null, 'members', companyId] as const;

export function useMembers(companyId: number | null) {
  return useQuery({
    queryKey: membersKey(companyId),
    queryFn: ({ signal }) =>
      api.get<{ data: Member[] }>(membersPath(companyId!), undefined, signal).then((r) => r.data),
    enabled: companyId !== null,
  });
}

export function useInviteMember(companyId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteInput) =>
      api.post<{ data: InvitationAnswer }>(membersPath(companyId!), body).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: membersKey(companyId) }),
  });
}

export function useRemoveMember(companyId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete<{ message: string }>(`${membersPath(companyId!)}/${userId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: membersKey(companyId) }),
  });
}
