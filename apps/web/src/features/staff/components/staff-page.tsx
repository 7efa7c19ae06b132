import type { TStaffRole } from '@meridian/contracts/constants';
import type { TStaffMember } from '@meridian/contracts/staff';
import { UserCog, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListPage } from '@/components/ui/list-page';
import { Table, type TableColumn } from '@/components/ui/table';
import { useLocaleFormat } from '@/hooks/use-locale-format';
import { useMessageText } from '@/hooks/use-message-text';
import { useSession } from '@/lib/session';
import { useStaff } from '../api/get-staff';
import { AddStaffDialog } from './add-staff-dialog';
import { ChangeRoleDialog } from './change-role-dialog';

const ROLE_TONE: Record<TStaffRole, TBadgeTone> = { Admin: 'info', Support: 'neutral', Finance: 'warning' };

function fullName(member: TStaffMember): string {
  return `${member.firstname} ${member.lastname}`.trim();
}

/**
 * /admin/staff: the back office's people and their roles (docs/security.md, "Staff roles"). An Admin
 * adds a member or changes another's role, each re-checked with their own authenticator code; their
 * own role only another Admin can change, so their own row says so instead.
 */
export function StaffPage() {
  const { t } = useTranslation(['staff', 'backoffice']);
  const format = useLocaleFormat();
  const text = useMessageText();
  const ownId = useSession()?.user.id;
  const query = useStaff();
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<TStaffMember | null>(null);

  const columns: TableColumn<TStaffMember>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      hideInCard: true,
      cell: (member) => (
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {fullName(member)}
          {member.id === ownId && <Badge>{t('page.you')}</Badge>}
          {!member.isActive && <Badge tone="danger">{t('page.inactive')}</Badge>}
        </span>
      ),
    },
    { id: 'email', header: t('columns.email'), cell: (member) => <span className="break-all">{member.email}</span> },
    {
      id: 'role',
      header: t('columns.role'),
      cell: (member) => <Badge tone={ROLE_TONE[member.role]}>{t(`roles.${member.role}`)}</Badge>,
    },
    {
      id: 'secondFactor',
      header: t('columns.secondFactor'),
      cell: (member) =>
        member.secondFactor ? (
          <Badge tone="success">{t('page.secondFactorOn')}</Badge>
        ) : (
          <Badge tone="warning">{t('page.secondFactorOff')}</Badge>
        ),
    },
    {
      id: 'since',
      header: t('columns.since'),
      className: 'whitespace-nowrap',
      cell: (member) => format.dateTime(member.createdAt),
    },
  ];

  return (
    <ListPage
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      actions={
        <Button onClick={() => setAdding(true)} data-testid="add-staff">
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          {t('page.add')}
        </Button>
      }
      query={query}
      errorTitle={t('backoffice:lists.loadError')}
      isEmpty={(data) => data.staff.length === 0}
      empty={<EmptyState icon={UserCog} title={t('page.empty')} description={t('page.emptyBody')} />}
      dialogs={
        <>
          {adding && <AddStaffDialog onClose={() => setAdding(false)} />}
          {changing && <ChangeRoleDialog member={changing} onClose={() => setChanging(null)} />}
        </>
      }
    >
      {(data) => (
        <Table
          caption={t('page.title')}
          columns={columns}
          rows={data.staff}
          rowKey={(member) => member.id}
          cardTitle={(member) => columns[0]?.cell(member)}
          actionsHeader={<span className="sr-only">{t('columns.actions')}</span>}
          actions={(member) =>
            // One's own role only another Admin changes: the row says so instead of offering it.
            member.id === ownId ? (
              <span className="text-xs text-muted">{text('staff.notOwnRole')}</span>
            ) : (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setChanging(member)}
                aria-label={t('page.changeRoleFor', { name: fullName(member) })}
              >
                {t('page.changeRole')}
              </Button>
            )
          }
          testId="staff-row"
        />
      )}
    </ListPage>
  );
}
